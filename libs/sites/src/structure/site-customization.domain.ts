/**
 * GitBook's SiteCustomizationSettings at its defaults: a site here has no customization settings
 * (nothing writes them), so the published view (getPublishedContentSite) answers every required
 * section with these values. docs/sites-design.md ("Published view") says where each comes from:
 * the schema's own default (`insights.trackingCookie`), GitBook's renderer defaults, a value named
 * `default`, a neutral value (off, empty), or else the first value of the enum.
 */
export const DEFAULT_SITE_CUSTOMIZATION = {
  styling: {
    theme: 'clean',
    primaryColor: { light: '#346DDB', dark: '#346DDB' },
    infoColor: { light: '#787878', dark: '#787878' },
    successColor: { light: '#2E7D32', dark: '#2E7D32' },
    warningColor: { light: '#ED6C02', dark: '#ED6C02' },
    dangerColor: { light: '#D32F2F', dark: '#D32F2F' },
    corners: 'rounded',
    depth: 'subtle',
    links: 'default',
    font: 'Inter',
    monospaceFont: 'FiraCode',
    background: 'plain',
    icons: 'regular',
    codeTheme: {
      default: { light: 'default-light', dark: 'default-dark' },
      openapi: { light: 'default-light', dark: 'default-dark' },
    },
    sidebar: { background: 'default', list: 'default' },
    search: 'prominent',
  },
  internationalization: { locale: 'en' },
  favicon: {},
  header: { preset: 'default', links: [] as never[] },
  footer: { groups: [] as never[] },
  themes: { default: 'light', toggeable: false },
  feedback: { enabled: false },
  ai: { mode: 'none' },
  advancedCustomization: { enabled: false },
  trademark: { enabled: true },
  externalLinks: { target: 'self' },
  pagination: { enabled: true },
  pageActions: { items: [] as never[] },
  privacyPolicy: {},
  socialPreview: {},
  socialAccounts: [] as never[],
  insights: { trackingCookie: true },
} as const;

/** A fresh copy (answers are serialised, but no caller shares the constant). */
export const defaultSiteCustomization = () => JSON.parse(JSON.stringify(DEFAULT_SITE_CUSTOMIZATION)) as typeof DEFAULT_SITE_CUSTOMIZATION;
