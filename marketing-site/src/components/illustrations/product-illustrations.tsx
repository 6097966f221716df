import { theme } from '@dcipher/shared/ui';
import { type ReactNode, useId } from 'react';

// Stylised mock-ups of the product's screens, drawn inline (no request, no script) in the theme's colours. Each is
// one image to assistive technology, named by its <title>, and scales to the width of its container.

const c = theme.colors;

function ScreenFrame({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      viewBox="0 0 560 380"
      width="100%"
      preserveAspectRatio="xMidYMid meet"
      css={{ display: 'block', width: '100%', height: 'auto', maxWidth: '40rem' }}
    >
      <title id={titleId}>{title}</title>
      <rect x="4" y="8" width="552" height="368" rx="16" fill={c.ink} opacity="0.08" />
      <rect x="0" y="0" width="552" height="368" rx="16" fill={c.surface} stroke={c.border} strokeWidth="2" />
      <path d="M2 40h548" stroke={c.border} strokeWidth="2" />
      <circle cx="24" cy="20" r="6" fill={c.border} />
      <circle cx="44" cy="20" r="6" fill={c.border} />
      <circle cx="64" cy="20" r="6" fill={c.border} />
      <rect x="200" y="13" width="152" height="14" rx="7" fill={c.canvas} />
      {children}
    </svg>
  );
}

/** A line of text in a mock-up: a rounded bar. */
const Line = ({
  x,
  y,
  w,
  fill = c.border,
  h = 8,
}: {
  x: number;
  y: number;
  w: number;
  fill?: string;
  h?: number;
}) => <rect x={x} y={y} width={w} height={h} rx={h / 2} fill={fill} />;

/** Studio: a project's canvas with a trend chart, theme bars and insight cards. */
export function StudioIllustration() {
  const bars = [118, 92, 74, 52, 36];
  const cards = [c.brand, c.focus, c.brandDark];
  return (
    <ScreenFrame title="Dcipher Studio: a project canvas with a trend chart of mentions over time, a ranked list of themes and three insight cards with quotes">
      <rect x="2" y="42" width="96" height="324" fill={c.canvas} />
      {[64, 88, 112, 136].map((y, i) => (
        <Line key={y} x={18} y={y} w={i === 0 ? 64 : 52} fill={i === 0 ? c.brand : c.border} />
      ))}
      <rect
        x="116"
        y="58"
        width="260"
        height="160"
        rx="10"
        fill={c.surface}
        stroke={c.border}
        strokeWidth="1.5"
      />
      <Line x={132} y={72} w={90} fill={c.muted} />
      <path
        d="M134 190 L170 172 L206 178 L242 146 L278 154 L314 112 L354 98"
        fill="none"
        stroke={c.brand}
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M134 190 L170 172 L206 178 L242 146 L278 154 L314 112 L354 98 L354 204 L134 204Z"
        fill={c.brand}
        opacity="0.12"
      />
      <circle cx="314" cy="112" r="7" fill={c.focus} stroke={c.surface} strokeWidth="3" />
      <rect
        x="116"
        y="234"
        width="260"
        height="118"
        rx="10"
        fill={c.surface}
        stroke={c.border}
        strokeWidth="1.5"
      />
      {bars.map((w, i) => (
        <g key={w}>
          <Line x={132} y={252 + i * 19} w={56} />
          <Line x={200} y={252 + i * 19} w={w} fill={i === 0 ? c.brand : c.brandDark} h={9} />
        </g>
      ))}
      {cards.map((accent, i) => (
        <g key={accent}>
          <rect
            x="392"
            y={58 + i * 100}
            width="144"
            height="86"
            rx="10"
            fill={c.surface}
            stroke={c.border}
            strokeWidth="1.5"
          />
          <rect x="392" y={58 + i * 100} width="6" height="86" rx="3" fill={accent} />
          <Line x={410} y={72 + i * 100} w={84} fill={c.muted} />
          <Line x={410} y={90 + i * 100} w={112} />
          <Line x={410} y={104 + i * 100} w={96} />
          <Line x={410} y={122 + i * 100} w={40} fill={accent} />
        </g>
      ))}
    </ScreenFrame>
  );
}

/** Workflows: sources feeding an analysis step that feeds a report and a notification, on a schedule. */
export function WorkflowsIllustration() {
  const node = (x: number, y: number, accent: string, w = 132) => (
    <g>
      <rect x={x} y={y} width={w} height="52" rx="10" fill={c.surface} stroke={c.border} strokeWidth="1.5" />
      <circle cx={x + 22} cy={y + 26} r="11" fill={accent} />
      <Line x={x + 42} y={y + 16} w={w - 60} fill={c.muted} />
      <Line x={x + 42} y={y + 30} w={w - 76} />
    </g>
  );
  const edge = (x1: number, y1: number, x2: number, y2: number) => (
    <path
      d={`M${x1} ${y1} C${(x1 + x2) / 2} ${y1} ${(x1 + x2) / 2} ${y2} ${x2} ${y2}`}
      fill="none"
      stroke={c.brand}
      strokeWidth="2.5"
    />
  );
  return (
    <ScreenFrame title="Dcipher Workflows: a workflow graph where social media, news and file sources feed an analysis step, which feeds a report and a notification, run on a weekly schedule">
      <rect x="2" y="42" width="548" height="324" fill={c.canvas} />
      <rect
        x="24"
        y="56"
        width="132"
        height="26"
        rx="13"
        fill={c.surface}
        stroke={c.border}
        strokeWidth="1.5"
      />
      <circle cx="42" cy="69" r="6" fill={c.focus} />
      <Line x={56} y={65} w={84} fill={c.muted} />
      {edge(156, 130, 214, 206)}
      {edge(156, 206, 214, 206)}
      {edge(156, 282, 214, 206)}
      {edge(370, 206, 408, 150)}
      {edge(370, 206, 408, 262)}
      {node(24, 104, c.brand)}
      {node(24, 180, c.brandDark)}
      {node(24, 256, c.muted)}
      <rect x="214" y="166" width="156" height="80" rx="12" fill={c.brand} />
      <circle cx="240" cy="192" r="11" fill={c.surface} opacity="0.9" />
      <Line x={260} y={186} w={90} fill={c.surface} />
      <Line x={232} y={216} w={118} fill={c.surface} h={6} />
      <Line x={232} y={228} w={80} fill={c.surface} h={6} />
      {node(408, 124, c.focus, 124)}
      {node(408, 236, c.brandDark, 124)}
    </ScreenFrame>
  );
}

/** Insight Booster: ranked insights with their strength, beside the report draft they become. */
export function InsightBoosterIllustration() {
  const ranked = [
    { w: 170, accent: c.brand },
    { w: 140, accent: c.brand },
    { w: 104, accent: c.brandDark },
    { w: 76, accent: c.muted },
  ];
  return (
    <ScreenFrame title="Dcipher Insight Booster: four insights ranked by strength, the first highlighted, beside a report draft with an executive summary and sections citing them">
      {ranked.map(({ w, accent }, i) => (
        <g key={w}>
          <rect
            x="20"
            y={58 + i * 76}
            width="292"
            height="64"
            rx="10"
            fill={i === 0 ? c.canvas : c.surface}
            stroke={i === 0 ? c.brand : c.border}
            strokeWidth={i === 0 ? 2.5 : 1.5}
          />
          <circle
            cx="46"
            cy={90 + i * 76}
            r="14"
            fill={i === 0 ? c.brand : c.canvas}
            stroke={c.brand}
            strokeWidth="2"
          />
          <Line x={40} y={86 + i * 76} w={12} fill={i === 0 ? c.surface : c.brand} />
          <Line x={72} y={72 + i * 76} w={150} fill={c.muted} />
          <Line x={72} y={92 + i * 76} w={w} fill={accent} h={10} />
          <Line x={256} y={72 + i * 76} w={40} fill={i === 0 ? c.focus : c.border} />
        </g>
      ))}
      <rect
        x="332"
        y="58"
        width="200"
        height="292"
        rx="10"
        fill={c.surface}
        stroke={c.border}
        strokeWidth="1.5"
      />
      <rect x="332" y="58" width="200" height="44" rx="10" fill={c.brandDark} />
      <Line x={348} y={76} w={110} fill={c.surface} />
      {[118, 196, 274].map((y, i) => (
        <g key={y}>
          <Line x={348} y={y} w={i === 0 ? 120 : 90} fill={c.muted} />
          <Line x={348} y={y + 18} w={168} />
          <Line x={348} y={y + 32} w={152} />
          <Line x={348} y={y + 46} w={120} />
          <rect x={480} y={y + 44} width="36" height="12" rx="6" fill={c.focus} opacity="0.9" />
        </g>
      ))}
    </ScreenFrame>
  );
}
