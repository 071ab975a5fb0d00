import { createMongoAbility } from '@casl/ability';
import { describe, expect, test } from 'vitest';
import type { AppAbility } from '../../lib/ability.ts';
import { testT } from '../../lib/test-i18n.ts';
import type { ColumnSpec, ResourceDescription, ResourceRecord } from '../resource.types.ts';
import { listActions, offersRowActions, rowActionCount, rowShows, statusConfirmKey } from './row-actions.tsx';
import {
  cellText,
  columnHeader,
  columnNeed,
  columnVisibility,
  fitListColumns,
  hiddenOnScreen,
  type Screens,
} from './use-grid-columns.tsx';

const wide: Screens = { belowXl: false, belowLarge: false, narrow: false, phone: false };
const phone: Screens = { belowXl: true, belowLarge: true, narrow: true, phone: true };
const laptop: Screens = { belowXl: true, belowLarge: false, narrow: false, phone: false };
const ability = (rules: { action: string; subject: string }[]) =>
  createMongoAbility<[string, string]>(rules) as AppAbility;
const project = {
  name: 'project',
  titleField: 'name',
  columns: [],
} as unknown as ResourceDescription;
const row = (over: Partial<ResourceRecord> = {}): ResourceRecord =>
  ({ id: 1, status: 'O', version: 0, ...over }) as ResourceRecord;

describe('columns a screen leaves out', () => {
  test('hideBelow leaves a column out below its breakpoint only', () => {
    const email: ColumnSpec = { field: 'email', hideBelow: 'xl' };
    const phoneNo: ColumnSpec = { field: 'phone', hideBelow: 'sm' };
    expect(hiddenOnScreen(email, wide)).toBe(false);
    expect(hiddenOnScreen(email, laptop)).toBe(true);
    expect(hiddenOnScreen(phoneNo, laptop)).toBe(false);
    expect(hiddenOnScreen(phoneNo, phone)).toBe(true);
    expect(hiddenOnScreen({ field: 'name' }, phone)).toBe(false);
  });

  test('the visibility model: the screen, what did not fit, the numbers and the actions', () => {
    const columns: ColumnSpec[] = [{ field: 'email', hideBelow: 'lg' }, { field: 'name' }, { field: 'note' }];
    expect(columnVisibility(columns, wide, null, true, true)).toEqual({});
    expect(columnVisibility(columns, phone, { widths: {}, hidden: ['note'] }, false, false)).toEqual({
      email: false,
      note: false,
      __row: false,
      __actions: false,
    });
  });
});

describe('column widths from the page', () => {
  test('a column needs at least its header, and grows with its longest value', async () => {
    const t = await testT('en');
    const column: ColumnSpec = { field: 'name' };
    const short = columnNeed(project, column, [row({ name: 'A' })], t, 'en');
    const long = columnNeed(
      project,
      column,
      [row({ name: 'A much longer construction name here' })],
      t,
      'en',
    );
    expect(short.natural).toBeGreaterThanOrEqual(56);
    expect(long.natural).toBeGreaterThan(short.natural);
    expect(long.grow).toBe(true);
    expect(long.priority).toBe(2);
  });

  test('priorities: the name, a link, a status or state stay; an amount after the others', async () => {
    const t = await testT('en');
    expect(columnNeed(project, { field: 'status', kind: 'status' }, [row()], t, 'en').priority).toBe(2);
    expect(columnNeed(project, { field: 'value', kind: 'amount' }, [row()], t, 'en')).toMatchObject({
      priority: 1,
      grow: false,
    });
    expect(columnNeed(project, { field: 'code' }, [row()], t, 'en').priority).toBe(0);
  });

  test('a false flag needs no room; the header and text come from the description', async () => {
    const t = await testT('en');
    expect(
      columnNeed(project, { field: 'closed', kind: 'flag' }, [row({ closed: false })], t, 'en').values,
    ).toBe(56);
    expect(columnHeader('project', 'name', t)).toBe(t('resources.project.fields.name'));
    expect(columnHeader('project', 'nonsense', t)).toBe('nonsense');
    expect(cellText('project', { field: 'name', text: (r) => `#${r.id}` }, row(), t, 'en')).toBe('#1');
  });

  test('the row numbers, the actions and the checkboxes take their room before the columns fit', async () => {
    const t = await testT('en');
    const needs = [{ field: 'name', natural: 200, grow: true, priority: 2 as const }];
    const plain = fitListColumns({
      needs,
      gridWidth: 800,
      lastNumber: null,
      icons: null,
      phone: false,
      selection: false,
      t,
    });
    expect(plain).toMatchObject({ numberWidth: 0, actionWidth: 0, widths: { name: 796 } });
    const full = fitListColumns({
      needs,
      gridWidth: 800,
      lastNumber: 20,
      icons: 4,
      phone: false,
      selection: true,
      t,
    });
    expect(full.numberWidth).toBeGreaterThan(0);
    expect(full.actionWidth).toBeGreaterThanOrEqual(4 * 30);
    expect(full.widths.name).toBe(800 - full.numberWidth - full.actionWidth - 52 - 4);
    expect(
      fitListColumns({ needs, gridWidth: 400, lastNumber: null, icons: 4, phone: true, selection: false, t })
        .actionWidth,
    ).toBe(56);
  });
});

describe('row actions', () => {
  test('a description may narrow the generic actions', () => {
    expect(listActions({ actions: { delete: false } })).toMatchObject({
      view: true,
      delete: false,
      create: true,
    });
    expect(offersRowActions({ actions: { view: false, update: false, status: false, delete: false } })).toBe(
      false,
    );
    expect(
      offersRowActions({
        actions: { view: false, update: false, status: false, delete: false },
        recordActions: [{ key: 'close', method: 'PATCH', path: 'x/{id}' }],
      }),
    ).toBe(true);
  });

  test('the icons a row may show the user: by right, one on phones', () => {
    const reader = ability([{ action: 'read', subject: 'project' }]);
    const editor = ability([
      { action: 'read', subject: 'project' },
      { action: 'update', subject: 'project' },
      { action: 'delete', subject: 'project' },
    ]);
    expect(rowActionCount(project, reader, false)).toBe(1);
    expect(rowActionCount(project, editor, false)).toBe(4);
    expect(rowActionCount(project, editor, true)).toBe(1);
  });

  test('a removed or unchangeable record is only viewed', () => {
    const editor = ability([
      { action: 'read', subject: 'project' },
      { action: 'update', subject: 'project' },
      { action: 'delete', subject: 'project' },
    ]);
    expect(rowShows(project, row(), editor)).toEqual({
      view: true,
      update: true,
      status: true,
      delete: true,
    });
    expect(rowShows(project, row({ status: 'D' }), editor)).toEqual({
      view: true,
      update: false,
      status: false,
      delete: false,
    });
    const closed = {
      ...project,
      changeable: (r: ResourceRecord) => r.closed !== true,
    } as ResourceDescription;
    expect(rowShows(closed, row({ closed: true }), editor).update).toBe(false);
  });

  test('each status change asks its own confirmation', () => {
    expect(statusConfirmKey('active')).toBe('confirm.activate');
    expect(statusConfirmKey('deactive')).toBe('confirm.deactivate');
    expect(statusConfirmKey('delete')).toBe('confirm.delete');
  });
});
