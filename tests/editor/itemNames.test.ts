/**
 * In the editor's forms, an entry of a list is headed by what it is ("Regular consultation", "Dr Amelia Hart", the
 * text of a text entry), not by the list's title and a number ("Fee item", "Specialties-2"), and every field by its
 * title in the schema.
 */
import type { UiSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { bundleSchema } from '../../server/editor/schemaBundle.ts';
import type { Schema } from '../../src/editor/model.ts';
import { uiSchemaFor } from '../../src/editor/uiSchema.ts';
import type { EditorContext } from '../../src/editor/widgets.tsx';
import type { Json } from '../../src/editor/yaml/json.ts';

const bundle = bundleSchema();
const formOf = (def: string) => uiSchemaFor({ $ref: `#/definitions/${def}` }, bundle);
const doc: Json = { entities: { doctors: [{ slug: 'dr-amelia-hart', name: 'Dr Amelia Hart' }] } };
const context = { doc } as EditorContext;

/** The heading rjsf gives entry `index` of a list whose uiSchema is `list`. */
function heading(list: UiSchema | undefined, item: Json, index: number): unknown {
  const items = list?.items;
  if (typeof items !== 'function') throw new Error('the list does not name its entries');
  return items(item, index, context)['ui:title'];
}

describe('entries of a list are named by what they are', () => {
  it('a fee by its name, and "Fees 2" only while it has none', () => {
    const items = formOf('entities.fee-group').items as UiSchema;
    expect(heading(items, { name: 'Regular consultation', price: '$80.00' }, 0)).toBe('Regular consultation');
    expect(heading(items, { name: '  ', price: '$80.00' }, 1)).toBe('Fees 2');
  });

  it('a text entry by its text, a picked doctor by the doctor\'s name', () => {
    expect(heading(formOf('entities.doctor').specialties as UiSchema, "Women's health", 1)).toBe("Women's health");
    expect(heading(formOf('entities.doctor').specialties as UiSchema, '', 1)).toBe('Specialties 2');
    expect(heading(formOf('blocks.doctor-cards').doctors as UiSchema, 'dr-amelia-hart', 0)).toBe('Dr Amelia Hart');
    expect(heading(formOf('defs.hours').amPm as UiSchema, 'AM', 0)).toBe('AM');
    expect(heading(formOf('defs.hours').regular as UiSchema, { label: 'Monday to Friday', days: ['Monday'] }, 0)).toBe('Monday to Friday');
  });

  it('a picture by what it shows, "Pictures 2" when it is decoration', () => {
    const images = formOf('blocks.hero').images as UiSchema;
    expect(heading(images, { src: '/images/hero/bay.webp', alt: 'The bay at dawn', width: 1, height: 1 }, 0)).toBe('The bay at dawn');
    expect(heading(images, { src: '/images/hero/bay.webp', alt: '', width: 1, height: 1 }, 1)).toBe('Pictures 2');
  });

  it('days to tick are labelled in words', () => {
    const days = formOf('defs.time-range').days as UiSchema;
    expect(days['ui:enumNames']).toContain('Public holidays');
    expect(days['ui:enumNames']).not.toContain('PublicHolidays');
    const facts = (formOf('defs.info-card').facts as UiSchema)['ui:enumNames'] as string[];
    expect(facts).toContain('Opening hours');
    expect(facts).toContain('After hours GP');
  });

  it('every field is labelled by its title in the schema', () => {
    const closes = (bundle.definitions['defs.time-range'].properties as Record<string, Schema>).closes;
    expect(closes.title).toBe('Closing time');
    const fee = ((bundle.definitions['entities.fee-group'].properties as Record<string, Schema>).items.items as Schema).properties as Record<string, Schema>;
    expect(fee.f2fItemNumber.title).toBe('Item number for face-to-face');
    const doctor = bundle.definitions['entities.doctor'].properties as Record<string, Schema>;
    expect(doctor.slug.title).toBe('Web address (part after the site name)');
  });
});
