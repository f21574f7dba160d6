import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TemplatePreview } from './template-preview';

describe('TemplatePreview', () => {
  it('fills the placeholders and names the ones without a value', () => {
    render(<TemplatePreview subject="Hi {{name}}" body="Dear {{name}}, from {{team}}" values={{ name: 'Ada', team: ' ' }} />);
    expect(screen.getByText('Hi Ada')).toBeTruthy();
    expect(screen.getByText('Dear Ada, from {{team}}')).toBeTruthy();
    expect(screen.getByText('Not filled: team')).toBeTruthy();
  });

  it('says when the values make the subject longer than a send may carry', () => {
    render(<TemplatePreview subject="Hi {{name}}" body="Dear {{name}}" values={{ name: 'n'.repeat(996) }} />);
    expect(screen.getByText('The subject filled in with these values must be at most 998 characters')).toBeTruthy();
  });
});
