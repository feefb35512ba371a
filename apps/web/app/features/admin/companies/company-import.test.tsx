import type { ImportReport } from '@beesang/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { CompanyImport } from './company-import';

const editor = { ...REGULAR_MEMBER, staffRole: 'EDITOR' as const };
const DRY = 'POST /api/admin/company/import?dryRun=true';
const REAL = 'POST /api/admin/company/import?dryRun=false';
const csv = (name: string, text = 'a,b\n1,2\n') => new File([text], name, { type: 'text/csv' });
const report = (over: Partial<ImportReport> = {}): ImportReport => ({
  dryRun: true,
  written: false,
  counts: { companies: 2, prices: 10, financials: 0 },
  problems: [],
  problemCount: 0,
  ...over,
});
const bad = report({
  problems: [
    { file: 'companies.csv', line: 3, column: 'sector', message: '업종을 목록에서 선택해주세요.', value: 'SPACE' },
    { file: 'prices.csv', line: 7, column: 'close', message: '가격은 정수여야 합니다.', value: '12.5' },
  ],
  problemCount: 2,
});

function choose(label: RegExp, file: File) {
  act(() => {
    fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
  });
}

describe('the CSV import (issue 11 §3)', () => {
  it('keeps 가져오기 off until a dry run of the same files comes back clean; a changed file turns it off again', async () => {
    const api = fakeApi({ [DRY]: () => ok(report()), [REAL]: () => ok(report({ dryRun: false, written: true })) });
    renderInApp(<CompanyImport />, { user: editor });
    expect(button('미리보기').disabled).toBe(true);
    expect(button('가져오기').disabled).toBe(true);

    choose(/companies\.csv/, csv('companies.csv'));
    choose(/prices\.csv/, csv('prices.csv'));
    expect(button('가져오기').disabled).toBe(true);
    click(button('미리보기'));
    await settle();
    const sent = api.last(DRY)?.body as FormData;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent.get('companies') as File).name).toBe('companies.csv');
    expect((sent.get('prices') as File).name).toBe('prices.csv');
    expect(sent.get('financials')).toBeNull();
    expect(button('가져오기').disabled).toBe(false);

    // Another prices.csv: the clean run was of other files.
    choose(/prices\.csv/, csv('prices.csv', 'x\n'));
    expect(button('가져오기').disabled).toBe(true);
    expect(screen.getByText(/파일이 바뀌었습니다/)).toBeTruthy();

    click(button('미리보기'));
    await settle();
    click(button('가져오기'));
    await settle();
    expect(api.keys().filter((k) => k === REAL)).toHaveLength(1);
    expect(screen.getByText('가져오기를 마쳤습니다.')).toBeTruthy();
    expect(button('가져오기').disabled).toBe(true);
  });

  it('a dry run with problems lists every bad line (file, line, column, message, value) and keeps 가져오기 off', async () => {
    fakeApi({ [DRY]: () => ok(bad) });
    renderInApp(<CompanyImport />, { user: editor });
    choose(/companies\.csv/, csv('companies.csv'));
    click(button('미리보기'));
    await settle();

    const table = screen.getByRole('table', { name: '잘못된 행 목록' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['파일', '행', '열', '문제', '값']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['companies.csv', '3', 'sector', '업종을 목록에서 선택해주세요.', 'SPACE']);
    expect(screen.getByText(/문제 2건/)).toBeTruthy();
    expect(button('가져오기').disabled).toBe(true);
  });

  it('a real run refused as IMPORT_INVALID runs the dry run again to show why', async () => {
    let dry = 0;
    const api = fakeApi({
      [DRY]: () => ok(++dry === 1 ? report() : bad),
      [REAL]: () => json({ message: '잘못된 행이 있어 아무것도 저장하지 않았습니다.', code: 'IMPORT_INVALID' }, 400),
    });
    renderInApp(<CompanyImport />, { user: editor });
    choose(/companies\.csv/, csv('companies.csv'));
    click(button('미리보기'));
    await settle();
    click(button('가져오기'));
    await settle();
    expect(api.keys()).toEqual([DRY, REAL, DRY]);
    expect(screen.getByRole('table', { name: '잘못된 행 목록' })).toBeTruthy();
    expect(button('가져오기').disabled).toBe(true);
  });
});
