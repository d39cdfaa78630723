import { makeStyles, tokens } from '@fluentui/react-components';

export const PHONE = '@media (max-width: 767px)';

/** The frame the marketing-style content pages share: a centred column and a brand hero. */
export const useContentPageStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    maxWidth: '1200px',
    margin: '0 auto',
    padding: `0 ${tokens.spacingHorizontalL} ${tokens.spacingVerticalXXXL}`,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXXL,
    [PHONE]: { padding: `0 ${tokens.spacingHorizontalM} ${tokens.spacingVerticalXXL}`, gap: tokens.spacingVerticalXXL },
  },
  hero: {
    marginTop: tokens.spacingVerticalXXL,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    color: tokens.colorNeutralForegroundOnBrand,
    [PHONE]: { marginTop: tokens.spacingVerticalL, padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}` },
  },
  /** A white two-column panel (contact details, version info), one column on phones. */
  panel: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    [PHONE]: { gridTemplateColumns: 'minmax(0, 1fr)', padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  facts: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'max-content minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
  },
  factRow: { display: 'contents' },
  factTerm: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase300 },
  factValue: { margin: 0, fontSize: tokens.fontSizeBase300, overflowWrap: 'anywhere' },
});
