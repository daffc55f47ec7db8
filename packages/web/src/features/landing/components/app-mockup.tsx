/**
 * The app as a visitor will see it, drawn in SVG so the landing needs no image file: categories,
 * a creator's video, a comment under it and an exclusive discount, the three promises below.
 */
export function AppMockup() {
  return (
    <svg
      className="app-mockup"
      viewBox="0 0 260 520"
      width="260"
      height="520"
      role="img"
      aria-labelledby="app-mockup-title"
    >
      <title id="app-mockup-title">
        Aperçu de l’app : des vidéos rangées par catégorie, des commentaires et des réductions exclusives
      </title>
      <defs>
        <linearGradient id="mockup-video" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4b2bb3" />
          <stop offset="1" stopColor="#d9773a" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="256" height="516" rx="36" fill="#1c1a22" />
      <rect x="12" y="12" width="236" height="496" rx="28" fill="#f6f4f1" />
      <rect x="100" y="20" width="60" height="8" rx="4" fill="#1c1a22" />

      <rect x="28" y="44" width="22" height="22" rx="6" fill="#4b2bb3" />
      <text x="58" y="61" className="mockup-brand">
        Coulisses
      </text>

      <rect x="28" y="80" width="62" height="24" rx="12" fill="#4b2bb3" />
      <text x="59" y="96" textAnchor="middle" className="mockup-chip mockup-chip-on">
        Cuisine
      </text>
      <rect x="96" y="80" width="62" height="24" rx="12" fill="#ece7fb" />
      <text x="127" y="96" textAnchor="middle" className="mockup-chip">
        Voyage
      </text>
      <rect x="164" y="80" width="56" height="24" rx="12" fill="#ece7fb" />
      <text x="192" y="96" textAnchor="middle" className="mockup-chip">
        Sport
      </text>

      <rect x="28" y="116" width="204" height="196" rx="14" fill="#ffffff" />
      <rect x="28" y="116" width="204" height="126" rx="14" fill="url(#mockup-video)" />
      <circle cx="130" cy="179" r="20" fill="#ffffff" fillOpacity="0.9" />
      <path d="M124 169 L140 179 L124 189 Z" fill="#4b2bb3" />
      <text x="40" y="264" className="mockup-title">
        Tarte aux pommes
      </text>
      <text x="40" y="282" className="mockup-meta">
        Léa en cuisine
      </text>
      <text x="40" y="300" className="mockup-meta">
        86 commentaires
      </text>

      <circle cx="44" cy="338" r="12" fill="#d9773a" />
      <rect x="62" y="324" width="170" height="40" rx="12" fill="#ffffff" />
      <text x="74" y="341" className="mockup-meta mockup-strong">
        Camille
      </text>
      <text x="74" y="356" className="mockup-meta">
        Trop bonne idée, je teste !
      </text>

      <rect x="28" y="380" width="204" height="92" rx="14" fill="#e6f4ea" />
      <text x="42" y="406" className="mockup-discount">
        −20 % chez Brunch
      </text>
      <text x="42" y="426" className="mockup-meta">
        Réservé aux membres
      </text>
      <rect
        x="42"
        y="436"
        width="92"
        height="24"
        rx="6"
        fill="#ffffff"
        stroke="#1c6b3a"
        strokeDasharray="4 3"
      />
      <text x="88" y="452" textAnchor="middle" className="mockup-code">
        BRUNCH20
      </text>
      <rect x="96" y="490" width="68" height="5" rx="2.5" fill="#1c1a22" />
    </svg>
  );
}
