import type { Language } from '@portal/shared';

/** Small drawn flags (emoji flags do not render on every system). All share a 21x15 box. */
function Brazil() {
  return (
    <>
      <rect width="21" height="15" fill="#009c3b" />
      <path d="M10.5 1.6 19.2 7.5 10.5 13.4 1.8 7.5Z" fill="#ffdf00" />
      <circle cx="10.5" cy="7.5" r="3.6" fill="#002776" />
      <path d="M7 6.6c2.4-.5 4.9-.1 7 1.2" stroke="#fff" strokeWidth=".7" fill="none" />
    </>
  );
}

function UnitedStates() {
  const stripe = 15 / 13;
  return (
    <>
      <rect width="21" height="15" fill="#fff" />
      {Array.from({ length: 7 }, (_, index) => (
        <rect key={index} y={index * 2 * stripe} width="21" height={stripe} fill="#b22234" />
      ))}
      <rect width="9" height={stripe * 7} fill="#3c3b6e" />
      {[1.5, 4.5, 7.5].map((x) =>
        [1.6, 4, 6.4].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r=".55" fill="#fff" />),
      )}
    </>
  );
}

function Spain() {
  return (
    <>
      <rect width="21" height="15" fill="#aa151b" />
      <rect y="3.75" width="21" height="7.5" fill="#f1bf00" />
      <rect x="4.6" y="5.6" width="2.4" height="3.2" rx=".4" fill="#aa151b" opacity=".75" />
    </>
  );
}

const DRAWINGS: Record<Language, () => React.JSX.Element> = { pt: Brazil, en: UnitedStates, es: Spain };

export function Flag({ language, size = 28 }: { language: Language; size?: number }) {
  const Drawing = DRAWINGS[language];
  return (
    <svg
      width={size}
      height={(size * 15) / 21}
      viewBox="0 0 21 15"
      aria-hidden="true"
      style={{ display: 'block', borderRadius: 3, boxShadow: '0 0 0 1px rgba(0,0,0,.12)' }}
    >
      <Drawing />
    </svg>
  );
}
