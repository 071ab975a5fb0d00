/**
 * The fields the web's lists ask for (`fields`, docs/adr/0120-a-list-reads-the-fields-its-screen-names.md),
 * as the bench's payment scenarios send them: what a user's screen asks. `listFields` of the web's
 * descriptions (web/src/resources/resource.queries.ts) gives these; web/src/resources/list-fields.test.ts
 * holds the two together.
 */

/** The payment list (and its overdue, search and deep pages): web/src/resources/payment.resource.ts. */
export const PAYMENT_LIST_FIELDS =
  'id,requirement_no,code,isPriority,overdue,payee_hold,payee_changed_by,payee_changed_at,holder_mismatch,contract_no,constructor_name,amount,date,approval_status,payment_status,company_id,paid_amount,batch_code';

/** The approver's queue: web/src/resources/approval.resource.ts. */
export const APPROVAL_QUEUE_FIELDS =
  'id,code,isPriority,overdue,payee_hold,payee_changed_by,payee_changed_at,holder_mismatch,constructor_name,contract_no,construction_name,note,amount,current_step,sent_at,steps,requirement_no';
