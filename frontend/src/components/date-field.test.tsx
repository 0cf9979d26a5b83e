import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { describe, expect, it, vi } from 'vitest';

import { useZodForm, type FormValidation } from '../lib/zod-form';
import { DateField, INVALID_DATE_MESSAGE, parseTypedDate, type DateFieldValue } from './date-field';

interface Values {
  due: DateFieldValue;
}

function validate(values: Values): FormValidation<{ due: string }> {
  const due = values.due;
  const text =
    due === null || due === '' ? '' : typeof due === 'string' ? due : (due as Dayjs).format('YYYY-MM-DD');
  return { data: { due: text }, messages: {} };
}

/** A form as the product's: validated by `useZodForm`, saved by a button clicked with the mouse. */
function Harness({ iso = false, onSave }: { iso?: boolean; onSave: (data: { due: string }) => void }) {
  const { form, handleFinish, handleValuesChange } = useZodForm<Values, { due: string }>(['due'], validate);
  return (
    <Form<Values>
      form={form}
      initialValues={{ due: iso ? '' : null }}
      onFinish={handleFinish(onSave)}
      onValuesChange={handleValuesChange}
    >
      <Form.Item name="due" label="Échéance">
        <DateField iso={iso} />
      </Form.Item>
      <Button htmlType="submit">Enregistrer</Button>
    </Form>
  );
}

// The calendar's first render is slow on a small, busy machine.
describe('DateField', { timeout: 45_000 }, () => {
  it('keeps a typed date when the save button is clicked with the mouse, without Enter', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    await user.click(screen.getByLabelText('Échéance'));
    await user.keyboard('22/12/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ due: '2026-12-22' }));
  });

  it('gives an ISO day with `iso`', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness iso onSave={onSave} />);
    await user.click(screen.getByLabelText('Échéance'));
    await user.keyboard('2/3/2027');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ due: '2027-03-02' }));
  });

  it('keeps the typed date when the pointer rests on another day of the open calendar, then the field is left', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    const input = screen.getByLabelText('Échéance');
    await user.click(input);
    await user.keyboard('22/12/2026');
    // antd shows the hovered day in the input while the pointer rests on it.
    const hovered = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>('td.ant-picker-cell[title="2026-12-10"]');
      if (cell === null) throw new Error('the calendar shows no 10 December 2026');
      return cell;
    });
    fireEvent.mouseEnter(hovered);
    await waitFor(() => expect(input).toHaveValue('10/12/2026'));
    fireEvent.blur(input);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ due: '2026-12-22' }));
  });

  it('takes a day picked with the mouse after something was typed', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    await user.click(screen.getByLabelText('Échéance'));
    await user.keyboard('22/12/2026');
    const picked = await waitFor(() => {
      const cell = document.querySelector<HTMLElement>('td.ant-picker-cell[title="2026-12-10"]');
      if (cell === null) throw new Error('the calendar shows no 10 December 2026');
      return cell;
    });
    await user.click(picked);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ due: '2026-12-10' }));
  });

  it('refuses a typed text that is not a day, with a French message', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSave={onSave} />);
    await user.click(screen.getByLabelText('Échéance'));
    await user.keyboard('31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(INVALID_DATE_MESSAGE)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('reads JJ/MM/AAAA strictly', () => {
    expect(parseTypedDate(' ')).toBeNull();
    expect(parseTypedDate('22/12/2026')).not.toBe('invalid');
    expect(parseTypedDate('12/31/2026')).toBe('invalid');
    expect(parseTypedDate('2026-12-22')).toBe('invalid');
  });
});
