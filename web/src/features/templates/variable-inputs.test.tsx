import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { VariableInputs, valuesFor } from './variable-inputs';

describe('valuesFor', () => {
  it('keeps typed values, adds new names empty and drops names no longer used', () => {
    expect(valuesFor(['name', 'city'], { name: 'Ada', old: 'x' })).toEqual({ name: 'Ada', city: '' });
    expect(valuesFor([], { name: 'Ada' })).toEqual({});
  });
});

function Harness() {
  const [values, setValues] = useState<Record<string, string>>({ name: '', plan: '' });
  return (
    <>
      <VariableInputs idPrefix="t" names={['name', 'plan']} values={values} onChange={setValues} />
      <output data-testid="values">{JSON.stringify(values)}</output>
    </>
  );
}

describe('VariableInputs', () => {
  it('shows one labelled input per variable and reports typed values', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('plan'), { target: { value: 'Pro' } });
    expect(JSON.parse(screen.getByTestId('values').textContent ?? '')).toEqual({ name: 'Ada', plan: 'Pro' });
  });

  it('renders nothing without variables', () => {
    const { container } = render(<VariableInputs idPrefix="t" names={[]} values={{}} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});
