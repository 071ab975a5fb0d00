import { createMongoAbility } from '@casl/ability';
import { describe, expect, test } from 'vitest';
import type { AppAbility } from '../../lib/ability.ts';
import type { ResourceDescription, ResourceRecord } from '../resource.types.ts';
import { statusConfirm, statusOffer } from './status-actions.tsx';
import { raisedFlags } from './view-header.tsx';

const ability = (rules: { action: string; subject: string }[]) =>
  createMongoAbility<[string, string]>(rules) as AppAbility;
const resource = (viewActions?: ('status' | 'delete')[]) =>
  ({ name: 'project', viewActions }) as Pick<ResourceDescription, 'name' | 'viewActions'>;
const admin = ability([{ action: 'manage', subject: 'all' }]);

describe('activation and deletion on the view page', () => {
  test('what the description lists and the user may do', () => {
    expect(statusOffer(resource(['status', 'delete']), { status: 'O' }, admin)).toEqual({
      status: true,
      delete: true,
    });
    expect(statusOffer(resource(['status']), { status: 'O' }, admin)).toEqual({
      status: true,
      delete: false,
    });
    expect(statusOffer(resource(), { status: 'O' }, admin)).toEqual({ status: false, delete: false });
    const editor = ability([{ action: 'update', subject: 'project' }]);
    expect(statusOffer(resource(['status', 'delete']), { status: 'C' }, editor)).toEqual({
      status: true,
      delete: false,
    });
  });

  test('nothing on a deleted record', () => {
    expect(statusOffer(resource(['status', 'delete']), { status: 'D' }, admin)).toEqual({
      status: false,
      delete: false,
    });
  });

  test("the confirmation's words and colour", () => {
    expect(statusConfirm('active')).toEqual({ key: 'activate', color: 'primary' });
    expect(statusConfirm('deactive')).toEqual({ key: 'deactivate', color: 'warning' });
    expect(statusConfirm('delete')).toEqual({ key: 'delete', color: 'error' });
  });
});

describe("the heading's flags", () => {
  test('only those the record has set, in the description’s order', () => {
    const record = {
      id: 1,
      status: 'O',
      version: 1,
      closed: true,
      locked: 'yes',
      paid: true,
    } as ResourceRecord;
    expect(raisedFlags({ flags: ['paid', 'locked', 'closed'] }, record)).toEqual(['paid', 'closed']);
    expect(raisedFlags({}, record)).toEqual([]);
  });
});
