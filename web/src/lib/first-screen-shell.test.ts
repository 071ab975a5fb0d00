import { describe, expect, test } from 'vitest';
import { keepShell, readShells, SHELL_KEY, SHELLS_KEPT, type ShellPicture } from './first-screen-shell.ts';

/** Local storage as the browser keeps it: strings under keys. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (n) => [...items.keys()][n] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const picture = (text: string): ShellPicture => ({
  lang: 'vi',
  width: 412,
  background: 'rgb(244, 246, 248)',
  header: null,
  surface: null,
  heading: {
    top: 169,
    left: 25,
    width: 208,
    height: 32,
    text,
    font: '24px Roboto',
    color: 'black',
    letterSpacing: 'normal',
  },
});

describe("a list's remembered first screen", () => {
  test('is kept per address, the latest picture of each, readable back as it was kept', () => {
    const storage = memoryStorage();
    keepShell('/management/payment/list', picture('Yêu cầu thanh toán'), storage);
    keepShell('/management/contract/list', picture('Hợp đồng'), storage);
    keepShell('/management/payment/list', picture('Payment requests'), storage);
    const shells = readShells(storage);
    expect(Object.keys(shells!.screens)).toEqual(['/management/contract/list', '/management/payment/list']);
    expect(shells!.screens['/management/payment/list']!.heading.text).toBe('Payment requests');
  });

  test(`keeps the ${SHELLS_KEPT} addresses seen last, the one seen longest ago going first`, () => {
    const storage = memoryStorage();
    for (let n = 1; n <= SHELLS_KEPT + 5; n++) keepShell(`/list-${n}`, picture(`List ${n}`), storage);
    const paths = Object.keys(readShells(storage)!.screens);
    expect(paths).toHaveLength(SHELLS_KEPT);
    expect(paths[0]).toBe('/list-6');
    expect(paths.at(-1)).toBe(`/list-${SHELLS_KEPT + 5}`);
  });

  test("drops another build's pictures, and reads nothing from a value it cannot decode", () => {
    const storage = memoryStorage();
    const old = { build: 'an earlier build', screens: { '/management/contract/list': picture('Hợp đồng') } };
    storage.setItem(SHELL_KEY, btoa(encodeURIComponent(JSON.stringify(old))));
    keepShell('/management/payment/list', picture('Yêu cầu thanh toán'), storage);
    expect(Object.keys(readShells(storage)!.screens)).toEqual(['/management/payment/list']);
    storage.setItem(SHELL_KEY, 'not base64 JSON');
    expect(readShells(storage)).toBeNull();
  });
});
