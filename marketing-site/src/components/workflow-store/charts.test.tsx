import { cleanup, render, screen } from '@testing-library/react';
import { fitLabel, LineChart, shortPeriod } from './charts';
import { FigureTable } from './run-insights';
import { creditsPerThousandLabel, formatCount } from './workflow-labels';

afterEach(cleanup);

describe('the store charts’ words', () => {
  it('shortens periods for an axis and cuts labels that do not fit', () => {
    expect(shortPeriod('2026-11-02')).toBe('2 Nov');
    expect(shortPeriod('2026-W43')).toBe('W43');
    expect(shortPeriod('2026-11')).toBe('2026-11');
    expect(fitLabel('fewer meetings · focus time', 120)).toBe('fewer meetings…');
    expect(fitLabel('tariff', 120)).toBe('tariff');
  });

  it('writes counts and prices without Intl', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12.5)).toBe('12.5');
    expect(creditsPerThousandLabel(1)).toBe('1 credit per 1,000 documents');
    expect(creditsPerThousandLabel(1500)).toBe('1,500 credits per 1,000 documents');
  });

  it('writes only as many period labels as fit on the axis', () => {
    const periods = Array.from({ length: 56 }, (_, day) =>
      new Date(Date.UTC(2026, 8, 1 + day)).toISOString().slice(0, 10),
    );
    render(
      <LineChart
        label="Mentions per day"
        periods={periods}
        series={[{ name: 'All', values: periods.map(() => 3) }]}
      />,
    );
    const labels = [
      ...screen.getByRole('img', { name: 'Mentions per day' }).querySelectorAll('.visx-axis-bottom tspan'),
    ].map((label) => label.textContent);
    expect(labels.length).toBeLessThanOrEqual(6);
    expect(labels[0]).toBe('1 Sep');
  });

  it('folds a long table behind a summary that names it and its rows', () => {
    const rows = Array.from({ length: 20 }, (_, index) => [`day ${index}`, String(index)]);
    render(
      <FigureTable
        caption="Documents per day"
        columns={[{ label: 'Day' }, { label: 'Documents', numeric: true }]}
        rows={rows}
      />,
    );
    expect(screen.getByText('Documents per day: the 20 rows as a table').tagName).toBe('SUMMARY');
    render(<FigureTable caption="Short" columns={[{ label: 'Day' }]} rows={[['one']]} />);
    expect(screen.getByRole('table', { name: 'Short' }).closest('details')).toBeNull();
  });
});
