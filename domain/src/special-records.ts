/**
 * The special records (docs/adr/0064-one-description-per-entity.md): their fields are described as
 * an entity's are — labels, choices, list and export columns — but their routes, input schemas and
 * screens are their own, with their money rules. Apart from `entities.ts` so that the web's first
 * bundle, which reads every ordinary entity, does not carry them.
 */
import { application } from './entities/application.entity.ts';
import { billing } from './entities/billing.entity.ts';
import { contract } from './entities/contract.entity.ts';
import { contractAnnex } from './entities/contract-annex.entity.ts';
import { contractGuarantee } from './entities/contract-guarantee.entity.ts';
import { customer } from './entities/customer.entity.ts';
import { payment } from './entities/payment.entity.ts';
import { paymentInvoice } from './entities/payment-invoice.entity.ts';
import { payout } from './entities/payout.entity.ts';
import { ticket } from './entities/ticket.entity.ts';
import type { Entity } from './entity.ts';

export const specialRecords: readonly Entity[] = [
  contract,
  contractAnnex,
  contractGuarantee,
  payment,
  payout,
  paymentInvoice,
  customer,
  billing,
  ticket,
  application,
];
