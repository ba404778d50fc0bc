import type { ToolParam } from '@medx/contract';
import { fireEvent, screen } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { errors, mockApi, renderPage, setupPageTests } from '../../test/test-providers';
import { type FormValues, initialValues, setAt, validateValues } from './form-model';
import { ParamFields } from './ParamFields';

setupPageTests();

const base = { help: null, optional: false, viewer: null };
const PARAMS: ToolParam[] = [
  {
    ...base,
    optional: true,
    name: 'table',
    label: 'Scores table',
    type: 'data',
    format: ['tabular'],
    multiple: false,
    is_connection: false,
    connection: null,
  },
  { ...base, name: 'colour', label: 'Line colour', type: 'color', default: '#ff8800' },
  { ...base, name: 'col', label: 'Key', type: 'data_column', data_ref: 'table', multiple: false, default: '1' },
  { ...base, name: 'cols', label: 'Sort by', type: 'data_column', data_ref: 'table', multiple: true, default: ['2'] },
];

let current: FormValues = {};

function Form() {
  const [values, setValues] = useState(() => initialValues(PARAMS));
  current = values;
  const issues = useMemo(() => new Map(validateValues(PARAMS, values).map((issue) => [issue.key, issue])), [values]);
  return (
    <ParamFields
      params={PARAMS}
      context={{
        projectId: 1,
        values,
        issues,
        setValue: (path, value) => setValues((old) => setAt(old, path, value)),
        fillFromViewer: () => undefined,
      }}
    />
  );
}

function show() {
  // The data input's file picker asks for the project's files: none here.
  mockApi({});
  renderPage(<Form />, { path: '/' });
}

describe('colour and column fields', () => {
  it('a colour: the chooser and its #rrggbb text, both labelled, a bad text shown as a problem', () => {
    show();
    const chooser = screen.getByTestId('tool-param-colour') as HTMLInputElement;
    expect(chooser.type).toBe('color');
    expect(screen.getByLabelText('Line colour')).toBe(chooser);
    expect(chooser.value).toBe('#ff8800');
    fireEvent.change(chooser, { target: { value: '#00AA11' } });
    expect(current.colour).toBe('#00aa11');
    const hex = screen.getByLabelText('Line colour as #rrggbb') as HTMLInputElement;
    expect(hex.value).toBe('#00aa11');
    fireEvent.change(hex, { target: { value: '#12' } });
    expect(errors()).toContain('A colour is written #rrggbb');
    fireEvent.change(hex, { target: { value: '#1234AB' } });
    expect(chooser.value).toBe('#1234ab');
    expect(errors()).toEqual([]);
  });

  it('a column: a number from 1, named as a column of the referenced input', () => {
    show();
    expect(screen.getByText('Column number in Scores table (the first column is 1)')).toBeTruthy();
    const key = screen.getByLabelText('Key') as HTMLInputElement;
    expect(key.value).toBe('1');
    fireEvent.change(key, { target: { value: '4' } });
    expect(current.col).toBe('4');
    fireEvent.change(key, { target: { value: '' } });
    expect(current.col).toBeNull();
    expect(errors()).toContain('This field is required');
  });

  it('several columns as tags of numbers', () => {
    show();
    expect(screen.getByText(/^Column numbers in Scores table/)).toBeTruthy();
    const input = screen.getByLabelText('Sort by');
    fireEvent.change(input, { target: { value: '5,' } });
    expect(current.cols).toEqual(['2', '5']);
    fireEvent.change(input, { target: { value: 'x,' } });
    expect(current.cols).toEqual(['2', '5', 'x']);
    expect(errors()).toContain('A column is given by its number (1, 2, 3 ...)');
  });
});
