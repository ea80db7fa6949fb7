// Small, calm network marks (drawn here: no image files, nothing inline-styled).
import type { ItemNetwork } from '../../shared/domain/inbox.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';

function Glyph({ network }: { network: ItemNetwork }) {
  switch (network) {
    case 'facebook':
      return <path d="M13.2 20v-6.3h2.1l.4-2.6h-2.5V9.5c0-.8.3-1.3 1.4-1.3h1.2V5.9c-.3 0-1-.1-1.9-.1-2 0-3.2 1.2-3.2 3.3v2h-2.2v2.6h2.2V20z" fill="#fff" />;
    case 'instagram':
      return (
        <g fill="none" stroke="#fff" strokeWidth="1.7">
          <rect x="6" y="6" width="12" height="12" rx="3.5" />
          <circle cx="12" cy="12" r="2.9" />
          <circle cx="15.6" cy="8.4" r=".5" fill="#fff" />
        </g>
      );
    case 'linkedin':
      return (
        <g fill="#fff">
          <rect x="6.5" y="10" width="2.4" height="7.5" />
          <circle cx="7.7" cy="7.4" r="1.4" />
          <path d="M10.8 10h2.3v1.1c.4-.7 1.3-1.3 2.5-1.3 2.1 0 2.9 1.3 2.9 3.5v4.2h-2.4v-3.8c0-1-.2-1.9-1.3-1.9s-1.6.8-1.6 1.9v3.8h-2.4z" />
        </g>
      );
    case 'tiktok':
      return (
        <path d="M14.6 5.5c.3 1.8 1.4 2.9 3.1 3v2.3c-1.2 0-2.2-.4-3.1-1v4.6c0 2.6-2 4.4-4.4 4.4a4.3 4.3 0 0 1-.6-8.6v2.4a2 2 0 1 0 2.6 1.9V5.5z" fill="#fff" />
      );
    case 'twitter':
      return <path d="M15.9 6h2.1l-4.6 5.3 5.4 7.1h-4.2l-3.3-4.3-3.8 4.3H5.4l4.9-5.6L5.1 6h4.3l3 4zm-.7 11.2h1.2L8.8 7.2H7.5z" fill="#fff" />;
    case 'youtube':
      return (
        <g>
          <rect x="5" y="7.5" width="14" height="9.5" rx="2.6" fill="#fff" />
          <path d="M10.6 9.9v4.7l4-2.35z" fill="#e02f2f" />
        </g>
      );
    case 'threads':
      return (
        <path
          d="M15.4 11.4c-.1-2.2-1.5-3.4-3.5-3.4-1.4 0-2.5.6-3.1 1.6l1.2.8c.4-.7 1.1-1 1.9-1 1.2 0 1.9.7 2 1.8a7 7 0 0 0-1.9-.1c-1.9.1-3.1 1.2-3 2.7.1 1.5 1.4 2.4 3 2.3 2.3-.1 3-1.9 3.1-3.3.5.3.9.8 1 1.4.3 1.4-.8 3.6-3.6 3.6-3 0-4.4-1.9-4.4-5s1.4-5 4.4-5c2.1 0 3.5 1 4.1 2.8l1.3-.4c-.8-2.5-2.8-3.8-5.4-3.8-3.9 0-5.9 2.5-5.9 6.4S7.1 18.7 11 18.7c3.4 0 5.3-2.4 5-4.8-.2-1.2-.8-2-1.6-2.5zm-3.3 3.5c-.9 0-1.5-.4-1.6-1 0-.7.6-1.2 1.7-1.3.6 0 1.2 0 1.7.1-.1 1.4-.8 2.2-1.8 2.2z"
          fill="#fff"
        />
      );
    case 'gmb':
      // Google's reviews: a plain G.
      return (
        <path
          d="M17.6 11.2h-5.4v2.3h3.1c-.3 1.5-1.6 2.4-3.1 2.4a3.6 3.6 0 1 1 2.3-6.4l1.7-1.7A6 6 0 1 0 12.2 18c3.2 0 5.6-2.3 5.6-5.7 0-.4 0-.8-.2-1.1z"
          fill="#fff"
        />
      );
    case 'bluesky':
      return (
        <path
          d="M8.3 7.3c1.5 1.1 3 3.3 3.7 4.5.6-1.2 2.2-3.4 3.7-4.5 1.1-.8 2.8-1.4 2.8.6 0 .4-.2 3.2-.4 3.7-.6 1.9-2.5 2.4-4.3 2.1 3.1.5 3.9 2.3 2.2 4-3.2 3.3-4.6-.8-4-2.4-.6 1.6-.8 5.7-4 2.4-1.7-1.7-.9-3.5 2.2-4-1.8.3-3.7-.2-4.3-2.1-.2-.5-.4-3.3-.4-3.7 0-2 1.7-1.4 2.8-.6z"
          fill="#fff"
        />
      );
  }
}

const BACKGROUNDS: Record<ItemNetwork, string> = {
  facebook: 'net-facebook',
  instagram: 'net-instagram',
  linkedin: 'net-linkedin',
  tiktok: 'net-tiktok',
  twitter: 'net-twitter',
  youtube: 'net-youtube',
  threads: 'net-threads',
  bluesky: 'net-bluesky',
  gmb: 'net-gmb',
};

/** A network's mark; `label` names it for assistive technology, otherwise it is decorative. */
export function NetworkIcon({ network, size = 18, label = false }: { network: ItemNetwork; size?: number; label?: boolean }) {
  return (
    <svg
      className={`network-icon ${BACKGROUNDS[network]}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      {...(label ? { role: 'img', 'aria-label': NETWORK_LABELS[network] } : { 'aria-hidden': true })}
      focusable="false"
    >
      <rect className="network-icon-bg" width="24" height="24" rx="6" />
      <Glyph network={network} />
    </svg>
  );
}
