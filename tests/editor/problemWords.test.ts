/** A problem as the editor's form shows it: where it is by labels and names, what is wrong in the form's words. */
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import type { Problem } from '../../src/editor/api.ts';
import { allTargets, navigator } from '../../src/editor/model.ts';
import { errorSchemaFor, formWords, placeInWords } from '../../src/editor/problems.ts';
import type { Json } from '../../src/editor/yaml/json.ts';

const bundle = bundleSchema();
const doc: Json = {
  hours: { regular: [{ label: 'Monday to Friday', days: ['Monday'], opens: '08:30', closes: '25:00' }] },
  entities: { feeGroups: [{ id: 'consultations', name: 'Consultations', items: [{ name: 'Standard', price: '80' }, { name: '', price: '$5.00' }] }] },
  pages: [],
};
const targets = allTargets(navigator(doc, bundle));
const problem = (path: string, extra: Partial<Problem> & { formMessage?: string } = {}): Problem =>
  ({ name: 'BadMoney', line: 1, col: 1, path, where: `the file's words for ${path}`, message: 'the file\'s message', ...extra });

describe('a problem in the form\'s words', () => {
  it('says where it is by the part, the entries\' names and the fields\' labels', () => {
    expect(placeInWords(problem('entities.feeGroups.0.items.0.price'), doc, bundle, targets)).toBe('Consultations > Standard > Price');
    expect(placeInWords(problem('entities.feeGroups.0.items.1.price'), doc, bundle, targets)).toBe('Consultations > Fees 2 > Price');
    expect(placeInWords(problem('hours.regular.0.closes'), doc, bundle, targets)).toBe('Opening hours > Monday to Friday > Closing time');
    expect(placeInWords(problem('entities.feeGroups.0'), doc, bundle, targets)).toBe('Consultations');
  });

  it('keeps the file\'s words where the form has none of its own', () => {
    expect(placeInWords(problem('(file)'), doc, bundle, targets)).toBe("the file's words for (file)");
    expect(formWords(problem('contact.phone'))).toBe("the file's message");
  });

  it('puts the form\'s message beside the field', () => {
    const p = problem('entities.feeGroups.0.items.0.price', { formMessage: '80 is not an amount of money.' });
    expect(formWords(p)).toBe('80 is not an amount of money.');
    const consultations = targets.find((t) => t.label === 'Consultations');
    if (!consultations) throw new Error('no fee group in the navigator');
    expect(errorSchemaFor([p], consultations)).toEqual({ items: { 0: { price: { __errors: ['80 is not an amount of money.'] } } } });
  });
});
