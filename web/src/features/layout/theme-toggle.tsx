// The colour theme button of both top bars: each press moves System → Light → Dark → System; its name says
// the current choice ("Theme: System").
import { BarIconButton } from './bar-icon-button';
import { chooseTheme, type ThemeChoice, themeChoices, useThemeChoice } from './theme-preference';

const labels: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const icons: Record<ThemeChoice, string> = {
  system: 'M3 4h14v9H3zM7 17h6M10 13v4',
  light:
    'M10 6.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7zM10 2v2M10 16v2M2 10h2M16 10h2M4.3 4.3l1.4 1.4M14.3 14.3l1.4 1.4M4.3 15.7l1.4-1.4M14.3 5.7l1.4-1.4',
  dark: 'M16 12.5A7 7 0 0 1 7.5 4a7 7 0 1 0 8.5 8.5z',
};

export function ThemeToggle() {
  const choice = useThemeChoice();
  const next = themeChoices[(themeChoices.indexOf(choice) + 1) % themeChoices.length] ?? 'system';
  return (
    <BarIconButton
      aria-label={`Theme: ${labels[choice]}`}
      title={`Theme: ${labels[choice]} (switch to ${labels[next]})`}
      data-theme-choice={choice}
      icon={icons[choice]}
      onClick={() => chooseTheme(next)}
    />
  );
}
