import { describe, expect, test } from 'vitest';
import { applicationInputSchema, applicationSchema } from './admin.schema.ts';
import {
  contractAnnexInputSchema,
  contractAnnexSchema,
  contractGuaranteeInputSchema,
  contractGuaranteeSchema,
  contractInputSchema,
  contractSchema,
} from './contract.schema.ts';
import { entities, settingEntities } from './entities.ts';
import { commonFieldLabels, entityPath, entityStrings } from './entity.ts';
import { entitySchemas } from './entity-schemas.ts';
import { paymentInputSchema, paymentSchema, payoutInputSchema, payoutSchema } from './payment.schema.ts';
import { paymentInvoiceInputSchema, paymentInvoiceSchema } from './payment-invoice.schema.ts';
import {
  billingInputSchema,
  billingSchema,
  customerInputSchema,
  customerSchema,
  ticketInputSchema,
  ticketSchema,
} from './receivables.schema.ts';
import { specialRecords } from './special-records.ts';

/** Every description: the ordinary entities and the special records. */
const described = [...entities, ...specialRecords];

describe('the entity descriptions', () => {
  test('names, API bases and screens are each one entity’s', () => {
    for (const key of ['name', 'api', 'route'] as const) {
      const values = described.map((e) => e[key]).filter(Boolean);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  test('Vietnamese words are in sentence case, English ones too', () => {
    // only the first word capitalised; acronyms and proper names stay as written
    const kept = [
      'API',
      'BIN',
      'NAPAS',
      'Email',
      'Việt',
      'Anh',
      'VietQR',
      'Vietcombank',
      'ROLE_',
      'VAT',
      'GTGT',
      'Zendesk',
      'ID',
      'URL',
      'YCTT',
      'UNC',
    ];
    const words = described.flatMap((e) =>
      (['vi', 'en'] as const).flatMap((lang) => {
        const s = entityStrings(e, lang);
        return [s.plural, ...(e.menu ? [e.menu.title[lang]] : []), ...Object.values(s.fields)];
      }),
    );
    const offending = words.filter((label) =>
      label
        .split(' ')
        .slice(1)
        .some(
          (word) => /^[A-ZĐÂĂÊÔƠƯ]/.test(word) && !kept.some((k) => word.replace(/[()]/g, '').startsWith(k)),
        ),
    );
    expect(offending).toEqual([]);
  });

  test('every reference names a described entity (or the users), every label is in both languages', () => {
    const names = new Set(described.map((e) => e.name));
    for (const e of described)
      for (const [field, f] of Object.entries(e.fields)) {
        if (f.type === 'reference' || f.type === 'references')
          expect(names.has(f.to), `${e.name}.${field}`).toBe(true);
        expect(f.label.vi && f.label.en, `${e.name}.${field}`).toBeTruthy();
      }
    expect(Object.keys(commonFieldLabels)).toContain('created_at');
  });

  test('a special record describes the fields its hand-written schemas take and answer', () => {
    const schemas = {
      contract: [contractInputSchema, contractSchema],
      'contract-annex': [contractAnnexInputSchema, contractAnnexSchema],
      'contract-guarantee': [contractGuaranteeInputSchema, contractGuaranteeSchema],
      payment: [paymentInputSchema, paymentSchema],
      payout: [payoutInputSchema.omit({ version: true }), payoutSchema],
      'payment-invoice': [paymentInvoiceInputSchema, paymentInvoiceSchema],
      customer: [customerInputSchema, customerSchema],
      billing: [billingInputSchema, billingSchema],
      ticket: [ticketInputSchema, ticketSchema],
      application: [applicationInputSchema, applicationSchema],
    } as const;
    for (const e of specialRecords) {
      const [input, record] = schemas[e.name as keyof typeof schemas];
      const answered = Object.entries(e.fields).flatMap(([name, f]) =>
        f.type === 'reference' && f.display ? [name, f.display] : [name],
      );
      expect(
        answered.filter((name) => !(name in record.shape)),
        e.name,
      ).toEqual([]);
      const taken = Object.entries(e.fields).filter(([, f]) => !f.output);
      expect(taken.map(([name]) => name).sort(), e.name).toEqual(Object.keys(input.shape).sort());
    }
  });

  test('a setting is a code and a name, searched, sorted by name (the taxes by their rate), its code unique', () => {
    for (const e of settingEntities) {
      expect(e.fields.code).toMatchObject({ required: true, unique: true, search: true });
      // numeric choices read in the order of their values: 0%, 5%, 8%, 10% (docs/adr/0073-what-a-field-accepts-as-typed.md)
      expect(e.defaultSort).toEqual({ by: e.name === 'tax' ? 'value' : 'name', desc: false });
      expect(entityPath(e, 'paging')).toBe(`admin/setting/${e.name}/paging`);
    }
  });

  test('their schemas refuse what the hand-written ones refused, with the same reasons', () => {
    const contractor = entities.find((e) => e.name === 'constructor')!;
    const { input, update, record } = entitySchemas(contractor);
    expect(input.safeParse({ code: ' NT-1 ', name: 'Minh Phát', tax_code: '' }).data).toEqual({
      code: 'NT-1',
      name: 'Minh Phát',
      tax_code: null,
    });
    expect(input.safeParse({ code: 'NT-1', name: 'x', tax_code: '12345' }).error?.issues[0]?.message).toBe(
      'invalid_tax_code',
    );
    expect(input.safeParse({ name: 'x' }).error?.issues[0]).toMatchObject({
      path: ['code'],
      message: 'required',
    });
    expect(update.safeParse({ code: 'a', name: 'b', version: '2' }).data?.version).toBe(2);
    expect(record.shape).toHaveProperty('constructor_type_name');
    const payee = entitySchemas(entities.find((e) => e.name === 'beneficiary')!).input;
    expect(
      payee.safeParse({ constructor_id: '3', name: 'A', bank_id: 1, account_number: '0123 456.789' }).data,
    ).toMatchObject({ constructor_id: 3, account_number: '0123456789' });
    const role = entitySchemas(entities.find((e) => e.name === 'role')!).input;
    expect(role.safeParse({ name: 'Kế toán', code: 'role_ke_toan', company_id: 4 }).data).toMatchObject({
      code: 'ROLE_KE_TOAN',
      company_id: 4,
    });
  });
});
