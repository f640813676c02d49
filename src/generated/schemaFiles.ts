/* Generated from schema/ by `npm run types`. Do not edit: change the schema and run it again. */
import f0 from '../../schema/block.schema.json' with { type: 'json' };
import f1 from '../../schema/blocks/allied-health.schema.json' with { type: 'json' };
import f2 from '../../schema/blocks/article.schema.json' with { type: 'json' };
import f3 from '../../schema/blocks/card-grid.schema.json' with { type: 'json' };
import f4 from '../../schema/blocks/checklist-groups.schema.json' with { type: 'json' };
import f5 from '../../schema/blocks/crisis-services.schema.json' with { type: 'json' };
import f6 from '../../schema/blocks/cta-band.schema.json' with { type: 'json' };
import f7 from '../../schema/blocks/doctor-cards.schema.json' with { type: 'json' };
import f8 from '../../schema/blocks/doctor-carousel.schema.json' with { type: 'json' };
import f9 from '../../schema/blocks/doctor-profile.schema.json' with { type: 'json' };
import f10 from '../../schema/blocks/downloads.schema.json' with { type: 'json' };
import f11 from '../../schema/blocks/faq.schema.json' with { type: 'json' };
import f12 from '../../schema/blocks/fee-tables.schema.json' with { type: 'json' };
import f13 from '../../schema/blocks/feedback-form.schema.json' with { type: 'json' };
import f14 from '../../schema/blocks/hero.schema.json' with { type: 'json' };
import f15 from '../../schema/blocks/info-cards.schema.json' with { type: 'json' };
import f16 from '../../schema/blocks/info-strip.schema.json' with { type: 'json' };
import f17 from '../../schema/blocks/link-list.schema.json' with { type: 'json' };
import f18 from '../../schema/blocks/news-list.schema.json' with { type: 'json' };
import f19 from '../../schema/blocks/page-header.schema.json' with { type: 'json' };
import f20 from '../../schema/blocks/partner-contact.schema.json' with { type: 'json' };
import f21 from '../../schema/blocks/section.schema.json' with { type: 'json' };
import f22 from '../../schema/blocks/service-directory.schema.json' with { type: 'json' };
import f23 from '../../schema/blocks/staff-cards.schema.json' with { type: 'json' };
import f24 from '../../schema/blocks/status.schema.json' with { type: 'json' };
import f25 from '../../schema/blocks/steps.schema.json' with { type: 'json' };
import f26 from '../../schema/defs/address.schema.json' with { type: 'json' };
import f27 from '../../schema/defs/anchor.schema.json' with { type: 'json' };
import f28 from '../../schema/defs/contact.schema.json' with { type: 'json' };
import f29 from '../../schema/defs/dated.schema.json' with { type: 'json' };
import f30 from '../../schema/defs/fact.schema.json' with { type: 'json' };
import f31 from '../../schema/defs/footer.schema.json' with { type: 'json' };
import f32 from '../../schema/defs/hours-exception.schema.json' with { type: 'json' };
import f33 from '../../schema/defs/hours.schema.json' with { type: 'json' };
import f34 from '../../schema/defs/href.schema.json' with { type: 'json' };
import f35 from '../../schema/defs/icon.schema.json' with { type: 'json' };
import f36 from '../../schema/defs/id.schema.json' with { type: 'json' };
import f37 from '../../schema/defs/identity.schema.json' with { type: 'json' };
import f38 from '../../schema/defs/image.schema.json' with { type: 'json' };
import f39 from '../../schema/defs/info-card.schema.json' with { type: 'json' };
import f40 from '../../schema/defs/link.schema.json' with { type: 'json' };
import f41 from '../../schema/defs/markdown.schema.json' with { type: 'json' };
import f42 from '../../schema/defs/money.schema.json' with { type: 'json' };
import f43 from '../../schema/defs/nav.schema.json' with { type: 'json' };
import f44 from '../../schema/defs/page.schema.json' with { type: 'json' };
import f45 from '../../schema/defs/phone.schema.json' with { type: 'json' };
import f46 from '../../schema/defs/public-holiday.schema.json' with { type: 'json' };
import f47 from '../../schema/defs/time-range.schema.json' with { type: 'json' };
import f48 from '../../schema/defs/today-hours.schema.json' with { type: 'json' };
import f49 from '../../schema/defs/tone.schema.json' with { type: 'json' };
import f50 from '../../schema/defs/ui.schema.json' with { type: 'json' };
import f51 from '../../schema/entities/allied-health-provider.schema.json' with { type: 'json' };
import f52 from '../../schema/entities/crisis-service.schema.json' with { type: 'json' };
import f53 from '../../schema/entities/doctor.schema.json' with { type: 'json' };
import f54 from '../../schema/entities/entities.schema.json' with { type: 'json' };
import f55 from '../../schema/entities/fee-group.schema.json' with { type: 'json' };
import f56 from '../../schema/entities/news-item.schema.json' with { type: 'json' };
import f57 from '../../schema/entities/partner.schema.json' with { type: 'json' };
import f58 from '../../schema/entities/service-category.schema.json' with { type: 'json' };
import f59 from '../../schema/entities/staff-member.schema.json' with { type: 'json' };
import f60 from '../../schema/site.schema.json' with { type: 'json' };

/** schema/, file by file ('blocks/faq.schema.json'), as parsed JSON. */
export const SCHEMA_FILES: Readonly<Record<string, unknown>> = {
  'block.schema.json': f0,
  'blocks/allied-health.schema.json': f1,
  'blocks/article.schema.json': f2,
  'blocks/card-grid.schema.json': f3,
  'blocks/checklist-groups.schema.json': f4,
  'blocks/crisis-services.schema.json': f5,
  'blocks/cta-band.schema.json': f6,
  'blocks/doctor-cards.schema.json': f7,
  'blocks/doctor-carousel.schema.json': f8,
  'blocks/doctor-profile.schema.json': f9,
  'blocks/downloads.schema.json': f10,
  'blocks/faq.schema.json': f11,
  'blocks/fee-tables.schema.json': f12,
  'blocks/feedback-form.schema.json': f13,
  'blocks/hero.schema.json': f14,
  'blocks/info-cards.schema.json': f15,
  'blocks/info-strip.schema.json': f16,
  'blocks/link-list.schema.json': f17,
  'blocks/news-list.schema.json': f18,
  'blocks/page-header.schema.json': f19,
  'blocks/partner-contact.schema.json': f20,
  'blocks/section.schema.json': f21,
  'blocks/service-directory.schema.json': f22,
  'blocks/staff-cards.schema.json': f23,
  'blocks/status.schema.json': f24,
  'blocks/steps.schema.json': f25,
  'defs/address.schema.json': f26,
  'defs/anchor.schema.json': f27,
  'defs/contact.schema.json': f28,
  'defs/dated.schema.json': f29,
  'defs/fact.schema.json': f30,
  'defs/footer.schema.json': f31,
  'defs/hours-exception.schema.json': f32,
  'defs/hours.schema.json': f33,
  'defs/href.schema.json': f34,
  'defs/icon.schema.json': f35,
  'defs/id.schema.json': f36,
  'defs/identity.schema.json': f37,
  'defs/image.schema.json': f38,
  'defs/info-card.schema.json': f39,
  'defs/link.schema.json': f40,
  'defs/markdown.schema.json': f41,
  'defs/money.schema.json': f42,
  'defs/nav.schema.json': f43,
  'defs/page.schema.json': f44,
  'defs/phone.schema.json': f45,
  'defs/public-holiday.schema.json': f46,
  'defs/time-range.schema.json': f47,
  'defs/today-hours.schema.json': f48,
  'defs/tone.schema.json': f49,
  'defs/ui.schema.json': f50,
  'entities/allied-health-provider.schema.json': f51,
  'entities/crisis-service.schema.json': f52,
  'entities/doctor.schema.json': f53,
  'entities/entities.schema.json': f54,
  'entities/fee-group.schema.json': f55,
  'entities/news-item.schema.json': f56,
  'entities/partner.schema.json': f57,
  'entities/service-category.schema.json': f58,
  'entities/staff-member.schema.json': f59,
  'site.schema.json': f60,
};
