import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResourceList } from './resource-list';
import { ConfirmButton } from './row-buttons';

const items = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

function List({ isPending = false, list = items }: { isPending?: boolean; list?: typeof items }) {
  return (
    <ResourceList
      items={list}
      isPending={isPending}
      empty="Nothing yet."
      itemKey={(item) => item.id}
      rowTestId="thing-row"
      renderRow={(item) => <span>{item.name}</span>}
    />
  );
}

describe('ResourceList', () => {
  it('shows a spinner while loading, not the empty text', () => {
    render(<List isPending list={[]} />);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByText('Nothing yet.')).toBeNull();
  });

  it('shows the empty text when there is nothing to list', () => {
    render(<List list={[]} />);
    expect(screen.getByText('Nothing yet.')).toBeTruthy();
    expect(screen.queryAllByTestId('thing-row')).toHaveLength(0);
  });

  it('shows the failure with Retry instead of the empty text', () => {
    const onRetry = vi.fn();
    render(
      <ResourceList
        items={[]}
        isPending={false}
        empty="Nothing yet."
        error={{ message: 'Failed to fetch things', onRetry }}
        itemKey={(item: { id: string }) => item.id}
        rowTestId="thing-row"
        renderRow={() => null}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Failed to fetch things');
    expect(screen.queryByText('Nothing yet.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('renders one marked row per item, in order', () => {
    render(<List />);
    expect(screen.getAllByTestId('thing-row').map((row) => row.textContent)).toEqual(['Alpha', 'Beta']);
  });
});

describe('ConfirmButton', () => {
  it('acts only when the user says yes', () => {
    const onConfirm = vi.fn();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(
      <ConfirmButton tone="danger" question="Delete this thing?" onConfirm={onConfirm}>
        Delete
      </ConfirmButton>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('Delete this thing?');
  });
});
