/**
 * VietQR (NAPAS 247 fast transfer to an account): the EMVCo merchant-presented QR payload every
 * Vietnamese banking app scans. Pure: builds the text the QR code holds; the server draws it.
 *
 * The payload is a list of TLV fields — two-digit id, two-digit length, value — ending with a
 * CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over everything before it, "6304" included:
 *
 *   00 payload format "01"             01 point of initiation "12" (dynamic: carries an amount)
 *   38 merchant account information:   00 GUID "A000000727" (NAPAS)
 *                                      01 beneficiary: 00 the bank's NAPAS BIN, 01 the account
 *                                      02 service "QRIBFTTA" (fast transfer to an account)
 *   53 currency "704" (VND)            54 amount in whole đồng
 *   58 country "VN"                    62 additional data: 08 purpose (the transfer content)
 *   63 CRC, four upper-case hex digits
 */

export const NAPAS_GUID = 'A000000727';
export const SERVICE_TO_ACCOUNT = 'QRIBFTTA';
/** EMVCo's limit for the purpose of transaction (tag 62-08); banks cut longer contents anyway. */
export const MAX_CONTENT_LENGTH = 25;
/** EMVCo's limit for the transaction amount (tag 54). */
const MAX_AMOUNT_LENGTH = 13;

/** One field: id, length of the value in two digits, value. */
export function tlv(id: string, value: string): string {
  if (!/^\d{2}$/.test(id)) throw new RangeError(`Not a field id: ${id}`);
  if (value.length > 99) throw new RangeError(`Field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE of ASCII text, as four upper-case hex digits ("123456789" → "29B1"). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (let i = 0; i < text.length; i++) {
    crc ^= text.charCodeAt(i) << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export type VietQrInput = {
  /** The beneficiary bank's NAPAS BIN, six digits (Vietcombank 970436). */
  bin: string;
  /** The beneficiary's account number. */
  account: string;
  /** Whole đồng, as a decimal string ("1080000000" or "1080000000.00"). */
  amount: string;
  /** The transfer content, ASCII (see vietQrContent). */
  content: string;
};

/** Why a payload cannot be made, or null when it can. */
export function vietQrProblem(input: VietQrInput): 'bin' | 'account' | 'amount' | 'content' | null {
  if (!/^\d{6}$/.test(input.bin)) return 'bin';
  if (!/^[A-Za-z0-9]{1,19}$/.test(input.account)) return 'account';
  const whole = /^(\d+)(?:\.0+)?$/.exec(input.amount.trim());
  const digits = whole?.[1]?.replace(/^0+(?=\d)/, '');
  if (!digits || digits === '0' || digits.length > MAX_AMOUNT_LENGTH) return 'amount';
  if (!/^[\x20-\x7e]*$/.test(input.content) || input.content.length > MAX_CONTENT_LENGTH) return 'content';
  return null;
}

/** The payload of a dynamic VietQR for a transfer of `amount` to `account`; throws on bad input. */
export function vietQrPayload(input: VietQrInput): string {
  const problem = vietQrProblem(input);
  if (problem) throw new RangeError(`Cannot make a VietQR payload: invalid ${problem}`);
  const amount = input.amount
    .trim()
    .replace(/\..*$/, '')
    .replace(/^0+(?=\d)/, '');
  const beneficiary = tlv('00', input.bin) + tlv('01', input.account);
  const merchant = tlv('00', NAPAS_GUID) + tlv('01', beneficiary) + tlv('02', SERVICE_TO_ACCOUNT);
  const body =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('38', merchant) +
    tlv('53', '704') +
    tlv('54', amount) +
    tlv('58', 'VN') +
    (input.content ? tlv('62', tlv('08', input.content)) : '') +
    '6304';
  return body + crc16(body);
}

/**
 * The transfer content of a payment request: its number first ("YCTT-2026-000123",
 * docs/adr/0065-request-numbers.md), then "HD <contract no>" (no second "HD" when the contract number
 * starts with one), in the plain letters, digits, spaces and dashes every bank keeps (diacritics
 * dropped, "/" as "-"), cut to MAX_CONTENT_LENGTH at the contract number's end — the request number
 * always survives.
 */
export function vietQrContent(code: string, contractNo: string | null | undefined): string {
  const head = code;
  const contract = (contractNo ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z0-9 -]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .replace(/^[\s-]+|[\s-]+$/g, '');
  if (!contract) return head;
  // "HĐ 12/2024" already says it is a contract
  const marked = /^HD\b/.test(contract) ? contract : `HD ${contract}`;
  return `${head} ${marked}`.slice(0, MAX_CONTENT_LENGTH).trim();
}
