/**
 * GitBook's schemas of site customization and redirects, copied from @gitbook/api's spec/openapi.json
 * (version below): the components they need, and the request bodies of overrideSiteSpaceCustomizationById
 * (SiteSpaceCustomizationOverride), createSiteRedirect, updateSiteRedirectById and bulkUpsertSiteRedirects
 * (*Body). gitbook-schema-rules.spec.ts checks they still match the installed package. Generated (long strings cut into
 * pieces for the line length); do not edit by hand.
 */
export const GITBOOK_SCHEMAS = {
  version: '0.202.0',
  components: {
    schemas: {
      Color: { type: 'string', pattern: '^#(?:[0-9a-fA-F]{3}){1,2}$' },
      ContentRef: {
        description: 'A relative reference to content in GitBook.',
        oneOf: [
          { $ref: '#/components/schemas/ContentRefFile' },
          { $ref: '#/components/schemas/ContentRefURL' },
          { $ref: '#/components/schemas/ContentRefPage' },
          { $ref: '#/components/schemas/ContentRefAnchor' },
          { $ref: '#/components/schemas/ContentRefUser' },
          { $ref: '#/components/schemas/ContentRefCollection' },
          { $ref: '#/components/schemas/ContentRefSpace' },
          { $ref: '#/components/schemas/ContentRefReusableContent' },
          { $ref: '#/components/schemas/ContentRefTag' },
          { $ref: '#/components/schemas/ContentRefOpenAPI' },
        ],
      },
      ContentRefAnchor: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['anchor'] },
          anchor: { type: 'string' },
          space: {
            description: 'ID of the space the page is in. The page is considered as in the current space i' + 'f none is provided.',
            type: 'string',
          },
          page: {
            description: 'ID of the page the anchor is in. The anchor is considered as in the current page' + ' if none is provided.',
            type: 'string',
          },
        },
        required: ['kind', 'anchor'],
      },
      ContentRefCollection: {
        type: 'object',
        properties: { kind: { type: 'string', enum: ['collection'] }, collection: { type: 'string' } },
        required: ['kind', 'collection'],
      },
      ContentRefFile: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['file'] },
          file: { type: 'string' },
          space: {
            description: 'ID of the space the file is in. The file is considered as in the current space i' + 'f none is provided.',
            type: 'string',
          },
        },
        required: ['kind', 'file'],
      },
      ContentRefOpenAPI: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['openapi'] },
          spec: { type: 'string', description: 'Slug of the OpenAPI specification' },
        },
        required: ['kind', 'spec'],
      },
      ContentRefPage: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['page'] },
          page: { type: 'string' },
          space: {
            description: 'ID of the space the page is in. The page is considered as in the current space i' + 'f none is provided.',
            type: 'string',
          },
        },
        required: ['kind', 'page'],
      },
      ContentRefReusableContent: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['reusable-content'] },
          reusableContent: { type: 'string' },
          space: {
            type: 'string',
            description:
              'The space in which the reusable content is defined. If undefined, the reusable c' +
              'ontent is assumed to be in the same space as the content reference.',
          },
        },
        required: ['kind', 'reusableContent'],
      },
      ContentRefSpace: {
        type: 'object',
        properties: { kind: { type: 'string', enum: ['space'] }, space: { type: 'string' } },
        required: ['kind', 'space'],
      },
      ContentRefTag: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['tag'] },
          tag: { type: 'string', description: 'The slug of the tag, also used as the ID, and references the tags defined on a revision.' },
          space: {
            type: 'string',
            description:
              'The space in which the tag is defined. If undefined, the tag is assumed to be in' +
              ' the same space as the content reference.',
          },
        },
        required: ['kind', 'tag'],
      },
      ContentRefURL: {
        type: 'object',
        properties: { kind: { type: 'string', enum: ['url'] }, url: { type: 'string' } },
        required: ['kind', 'url'],
      },
      ContentRefUser: {
        type: 'object',
        properties: { kind: { type: 'string', enum: ['user'] }, user: { type: 'string' } },
        required: ['kind', 'user'],
      },
      CustomizationAIGreeting: {
        type: 'string',
        description: 'Initial greeting displayed by the AI Assistant when a visitor starts a conversation.',
        maxLength: 256,
      },
      CustomizationAIInstructions: {
        type: 'string',
        description:
          'Additional instructions for the AI Assistant, injected after the base system pro' +
          'mpt. Use them to adjust tone of voice and contribute site-specific knowledge. Th' +
          "ese instructions refine, but never override, the assistant's built-in guardrails" +
          '. Only available to site admins and never exposed on the published site.',
        maxLength: 10000,
      },
      CustomizationAIMode: { type: 'string', enum: ['none', 'search', 'assistant'] },
      CustomizationAnnouncement: {
        type: 'object',
        properties: {
          enabled: { description: "Whether to show the site's announcement.", type: 'boolean' },
          message: { $ref: '#/components/schemas/CustomizationAnnouncementMessage' },
          localizedMessage: {
            description: 'Localized overrides for the announcement message, keyed by locale.',
            $ref: '#/components/schemas/LocalizedString128',
          },
          link: {
            description: 'The content or URL the announcement links to when clicked.',
            $ref: '#/components/schemas/CustomizationContentLink',
          },
          style: {
            description:
              'The style of the announcement. Used to style the banner with the right semantic ' +
              'color and enable/disable features like hiding the banner.',
            type: 'string',
            enum: ['info', 'warning', 'danger', 'success'],
          },
        },
        required: ['enabled', 'message', 'style'],
      },
      CustomizationAnnouncementMessage: {
        description: 'The text content of the announcement.',
        type: 'string',
        minLength: 2,
        maxLength: 128,
      },
      CustomizationBackground: {
        type: 'string',
        enum: ['plain', 'match'],
        deprecated: true,
        description:
          'The background style has been deprecated and will be removed in a future release' + '. Use the `tint` settings instead.',
      },
      CustomizationCodeTheme: {
        type: 'string',
        enum: [
          'default-light',
          'default-dark',
          'monochrome-light',
          'monochrome-dark',
          'andromeeda',
          'aurora-x',
          'ayu-dark',
          'catppuccin-frappe',
          'catppuccin-latte',
          'catppuccin-macchiato',
          'catppuccin-mocha',
          'dark-plus',
          'dracula',
          'dracula-soft',
          'everforest-dark',
          'everforest-light',
          'github-dark',
          'github-dark-default',
          'github-dark-dimmed',
          'github-dark-high-contrast',
          'github-light',
          'github-light-default',
          'github-light-high-contrast',
          'gruvbox-dark-hard',
          'gruvbox-dark-medium',
          'gruvbox-dark-soft',
          'gruvbox-light-hard',
          'gruvbox-light-medium',
          'gruvbox-light-soft',
          'houston',
          'kanagawa-dragon',
          'kanagawa-lotus',
          'kanagawa-wave',
          'laserwave',
          'light-plus',
          'material-theme',
          'material-theme-darker',
          'material-theme-lighter',
          'material-theme-ocean',
          'material-theme-palenight',
          'min-dark',
          'min-light',
          'monokai',
          'night-owl',
          'nord',
          'one-dark-pro',
          'one-light',
          'plastic',
          'poimandres',
          'red',
          'rose-pine',
          'rose-pine-dawn',
          'rose-pine-moon',
          'slack-dark',
          'slack-ochin',
          'snazzy-light',
          'solarized-dark',
          'solarized-light',
          'synthwave-84',
          'tokyo-night',
          'vesper',
          'vitesse-black',
          'vitesse-dark',
          'vitesse-light',
        ],
      },
      CustomizationContentLink: {
        type: 'object',
        properties: {
          title: { $ref: '#/components/schemas/CustomizationContentLinkTitle' },
          localizedTitle: {
            description: 'Localized overrides for the link title, keyed by locale.',
            $ref: '#/components/schemas/LocalizedString64',
          },
          to: { $ref: '#/components/schemas/ContentRef' },
        },
        required: ['title', 'to'],
      },
      CustomizationContentLinkTitle: { type: 'string', maxLength: 64 },
      CustomizationCorners: { type: 'string', enum: ['straight', 'rounded', 'circular'] },
      CustomizationDefaultFont: {
        type: 'string',
        enum: [
          'ABCFavorit',
          'Inter',
          'Roboto',
          'RobotoSlab',
          'OpenSans',
          'SourceSansPro',
          'Lato',
          'Ubuntu',
          'Raleway',
          'Merriweather',
          'Overpass',
          'NotoSans',
          'IBMPlexSerif',
          'Poppins',
          'FiraSans',
        ],
      },
      CustomizationDefaultMonospaceFont: {
        type: 'string',
        enum: ['FiraCode', 'IBMPlexMono', 'JetBrainsMono', 'SourceCodePro', 'RobotoMono', 'SpaceMono', 'DMMono', 'Inconsolata'],
      },
      CustomizationDefaultThemeMode: { type: 'string', enum: ['light', 'dark', 'system'] },
      CustomizationDepth: {
        type: 'string',
        description:
          'The degree of visual depth (through shadows, gradients and elevation effects) of' +
          ' elements on the site.\n- `subtle`: Subtle shadows and minimal elevation.\n- `flat' +
          '`: Flat elements, no shadows and no elevation.\n',
        enum: ['subtle', 'flat'],
      },
      CustomizationFavicon: {
        oneOf: [
          { type: 'object', properties: { icon: { $ref: '#/components/schemas/CustomizationThemedURL' } }, required: ['icon'] },
          { type: 'object', properties: { emoji: { $ref: '#/components/schemas/Emoji' } }, required: ['emoji'] },
          { type: 'object', properties: {}, additionalProperties: false },
        ],
      },
      CustomizationFont: {
        oneOf: [
          { $ref: '#/components/schemas/CustomizationDefaultFont' },
          { $ref: '#/components/schemas/CustomizationFontDefinitionInput' },
        ],
      },
      CustomizationFontDefinitionInput: {
        type: 'object',
        description: 'Defines a font family along with its various font-face declarations for use in C' + "SS '@font-face' rules.",
        properties: {
          id: { type: 'string', description: 'A globally unique identifier for the font definition.' },
          custom: { type: 'boolean', description: 'Whether the font is a custom font. If false, this font is provided by GitBook.' },
          fontFamily: { $ref: '#/components/schemas/FontFamily' },
          fontFaces: {
            type: 'array',
            description: 'A list of font-face definitions, specifying variations such as weight and style.',
            items: { $ref: '#/components/schemas/FontFace' },
            minItems: 1,
          },
        },
        required: ['id', 'custom', 'fontFamily', 'fontFaces'],
      },
      CustomizationFooterGroup: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          localizedTitle: {
            description: 'Localized overrides for the footer group title, keyed by locale.',
            $ref: '#/components/schemas/LocalizedString',
          },
          links: { type: 'array', items: { $ref: '#/components/schemas/CustomizationContentLink' } },
        },
        required: ['title', 'links'],
      },
      CustomizationHeaderItem: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          localizedTitle: {
            description: 'Localized overrides for the header item title, keyed by locale.',
            $ref: '#/components/schemas/LocalizedString',
          },
          style: { type: 'string', enum: ['link', 'button-primary', 'button-secondary'] },
          to: { oneOf: [{ $ref: '#/components/schemas/ContentRef' }, { type: 'null' }] },
          links: { type: 'array', items: { $ref: '#/components/schemas/CustomizationContentLink' } },
          condition: {
            description: 'Conditional expression used to evaluate whether the header item should be shown ' + "to the site's visitor.",
            $ref: '#/components/schemas/Expression',
          },
        },
        required: ['title', 'links', 'to'],
      },
      CustomizationHeaderPreset: {
        type: 'string',
        deprecated: true,
        description:
          'The header preset to use for the site. This is a legacy setting and the site sty' + 'ling theme should be used instead.',
        enum: ['default', 'bold', 'contrast', 'custom', 'none'],
      },
      CustomizationHeadingFont: {
        description: 'Font used for headings. `null` means headings use the main font (`styling.font`).',
        oneOf: [
          { $ref: '#/components/schemas/CustomizationDefaultFont' },
          { $ref: '#/components/schemas/CustomizationFontDefinitionInput' },
          { type: 'null' },
        ],
      },
      CustomizationIconsStyle: { type: 'string', enum: ['regular', 'solid', 'duotone', 'light', 'thin'] },
      CustomizationLinksStyle: {
        type: 'string',
        description:
          'The style used for regular links in the main content, header and footer. Sidebar' +
          ' items are styled separately.\n- `default`: Links are colored in the primary colo' +
          'r and feature an underline in the same color.\n- `accent`: Links are colored the ' +
          'same as body text and feature an underline in the primary color.\n',
        enum: ['default', 'accent'],
      },
      CustomizationLocale: {
        type: 'string',
        description: 'Language for the UI element',
        deprecated: true,
        enum: ['en', 'fr', 'es', 'zh', 'ja', 'de', 'nl', 'no', 'pt-br', 'ru'],
      },
      CustomizationMonospaceFont: {
        oneOf: [
          { $ref: '#/components/schemas/CustomizationDefaultMonospaceFont' },
          { $ref: '#/components/schemas/CustomizationFontDefinitionInput' },
        ],
      },
      CustomizationPageActionType: {
        type: 'string',
        description: 'Type of a built-in page action that can be displayed in the page actions menu of' + ' a published page.',
        enum: ['assistant', 'external-ai', 'markdown', 'mcp', 'git', 'pdf'],
      },
      CustomizationSearchStyle: {
        type: 'string',
        description:
          'The style of the search button.\n- `prominent`: large search bar in the middle of' +
          ' the header, with less room for other header items,\n- `subtle`: small search bar' +
          ' in the corner of the header, with more room for other header items.\n',
        enum: ['prominent', 'subtle'],
      },
      CustomizationSidebarBackgroundStyle: {
        type: 'string',
        description:
          '- `default`: No background, content sits directly against sidebar edge.\n- `fille' +
          'd`: Muted background color that extends to sidebar edges.\n',
        enum: ['default', 'filled'],
      },
      CustomizationSidebarListStyle: {
        type: 'string',
        description:
          '- `default`: Simple list items without special styling, groups are inset with a ' +
          'line.\n- `pill`: Rounded capsule shape around selected/active items.\n- `line`: Co' +
          'ntinuous line next to all items, with colored line part for selected/active item' +
          's.\n',
        enum: ['default', 'pill', 'line'],
      },
      CustomizationSuggestedQuestion: { type: 'string', minLength: 3, maxLength: 64 },
      CustomizationSuggestedQuestions: {
        type: 'array',
        description: 'Suggested questions to display at the start of the chosen AI mode.',
        items: { $ref: '#/components/schemas/CustomizationSuggestedQuestion' },
        maxItems: 5,
      },
      CustomizationTheme: {
        type: 'string',
        description:
          'The theme to apply to the site. Supercedes the old header preset themes.\n- `clea' +
          'n`: Modern theme featuring translucency and minimally-styled elements.\n- `muted`' +
          ': Sophisticated theme with decreased contrast between elements.\n- `bold`: High-i' +
          'mpact theme with prominent colors and strong contrasts.\n- `gradient`: Trendy the' +
          'me featuring colorful gradients and splashes of color.\n',
        enum: ['clean', 'muted', 'bold', 'gradient'],
      },
      CustomizationThemedCodeTheme: {
        type: 'object',
        properties: {
          light: { $ref: '#/components/schemas/CustomizationCodeTheme' },
          dark: { $ref: '#/components/schemas/CustomizationCodeTheme' },
        },
        required: ['light', 'dark'],
      },
      CustomizationThemedColor: {
        type: 'object',
        properties: { light: { $ref: '#/components/schemas/Color' }, dark: { $ref: '#/components/schemas/Color' } },
        required: ['light', 'dark'],
      },
      CustomizationThemedURL: {
        type: 'object',
        properties: { light: { $ref: '#/components/schemas/URL' }, dark: { $ref: '#/components/schemas/URL' } },
        required: ['light', 'dark'],
      },
      CustomizationTint: {
        type: 'object',
        properties: { color: { $ref: '#/components/schemas/CustomizationThemedColor' } },
        required: ['color'],
      },
      Emoji: { type: 'string', maxLength: 50, format: 'emoji', description: 'Unicode codepoint or character of the emoji', example: '🎉' },
      Expression: { type: 'string', description: 'Expression to evaluate', minLength: 0, maxLength: 1024 },
      FontFace: {
        type: 'object',
        description: 'A single font-face declaration specifying the weight and source files for a part' + 'icular variation of the font.',
        properties: {
          weight: { $ref: '#/components/schemas/FontWeight' },
          sources: {
            type: 'array',
            description: 'Font source files provided in supported formats (e.g., woff2, woff).',
            items: { $ref: '#/components/schemas/FontSource' },
            minItems: 1,
          },
        },
        required: ['weight', 'sources'],
      },
      FontFamily: {
        type: 'string',
        description: 'The human-readable font-family name used in CSS (e.g., "Open Sans", "Playfair Display").',
        minLength: 1,
        maxLength: 50,
      },
      FontSource: {
        type: 'object',
        description: "A font file referenced within a font-face declaration, specifying the file's loc" + 'ation and format.',
        properties: {
          url: { description: 'The absolute or relative URL pointing to the font file.', $ref: '#/components/schemas/URL' },
          format: {
            type: 'string',
            description: "The format of the font file. Prefer 'woff2' for modern browsers.",
            enum: ['woff2', 'woff'],
          },
        },
        required: ['url'],
      },
      FontWeight: {
        type: 'integer',
        description: 'Numeric representation of the font weight (400=regular, 500=medium, 700=bold, 900=black).',
        minimum: 1,
        maximum: 1000,
      },
      LocalizedString: {
        type: 'object',
        description: 'Localized string value, keyed by locale. Contains overrides for non-default lang' + 'uages only.',
        propertyNames: { $ref: '#/components/schemas/TranslationLanguage' },
        additionalProperties: { type: 'string' },
      },
      LocalizedString128: {
        type: 'object',
        description:
          'Localized string value with a 128 character limit, keyed by locale. Contains ove' + 'rrides for non-default languages only.',
        additionalProperties: { type: 'string', maxLength: 128 },
        propertyNames: { $ref: '#/components/schemas/TranslationLanguage' },
      },
      LocalizedString64: {
        type: 'object',
        description:
          'Localized string value with a 128 character limit, keyed by locale. Contains ove' + 'rrides for non-default languages only.',
        additionalProperties: { type: 'string', maxLength: 64 },
        propertyNames: { $ref: '#/components/schemas/TranslationLanguage' },
      },
      SiteCustomizationSettingsBase: {
        type: 'object',
        properties: {
          title: {
            description: "Title to use for the published site. If not defined, it'll fallback to the defau" + 'lt content title.',
            $ref: '#/components/schemas/SiteTitle',
          },
          localizedTitle: {
            description: 'Localized titles for the site, keyed by locale. If not defined, the localized ti' + 'tle will not be changed.',
            $ref: '#/components/schemas/LocalizedString128',
          },
          styling: {
            type: 'object',
            properties: {
              theme: { $ref: '#/components/schemas/CustomizationTheme' },
              primaryColor: { $ref: '#/components/schemas/CustomizationThemedColor' },
              tint: { $ref: '#/components/schemas/CustomizationTint' },
              infoColor: { $ref: '#/components/schemas/CustomizationThemedColor' },
              successColor: { $ref: '#/components/schemas/CustomizationThemedColor' },
              warningColor: { $ref: '#/components/schemas/CustomizationThemedColor' },
              dangerColor: { $ref: '#/components/schemas/CustomizationThemedColor' },
              corners: { $ref: '#/components/schemas/CustomizationCorners' },
              depth: { $ref: '#/components/schemas/CustomizationDepth' },
              links: { $ref: '#/components/schemas/CustomizationLinksStyle' },
              font: { $ref: '#/components/schemas/CustomizationFont' },
              headingFont: { $ref: '#/components/schemas/CustomizationHeadingFont' },
              monospaceFont: { $ref: '#/components/schemas/CustomizationMonospaceFont' },
              background: { deprecated: true, $ref: '#/components/schemas/CustomizationBackground' },
              icons: { $ref: '#/components/schemas/CustomizationIconsStyle' },
              codeTheme: {
                type: 'object',
                properties: {
                  default: { $ref: '#/components/schemas/CustomizationThemedCodeTheme' },
                  openapi: { $ref: '#/components/schemas/CustomizationThemedCodeTheme' },
                },
                required: ['default', 'openapi'],
              },
              sidebar: {
                type: 'object',
                properties: {
                  background: { $ref: '#/components/schemas/CustomizationSidebarBackgroundStyle' },
                  list: { $ref: '#/components/schemas/CustomizationSidebarListStyle' },
                },
                required: ['background', 'list'],
              },
              search: { $ref: '#/components/schemas/CustomizationSearchStyle' },
            },
            required: [
              'theme',
              'primaryColor',
              'infoColor',
              'successColor',
              'warningColor',
              'dangerColor',
              'corners',
              'depth',
              'links',
              'font',
              'monospaceFont',
              'codeTheme',
              'background',
              'icons',
              'sidebar',
              'search',
            ],
          },
          internationalization: {
            type: 'object',
            deprecated: true,
            properties: { locale: { $ref: '#/components/schemas/CustomizationLocale' } },
            required: ['locale'],
          },
          favicon: { $ref: '#/components/schemas/CustomizationFavicon' },
          header: {
            type: 'object',
            properties: {
              preset: { $ref: '#/components/schemas/CustomizationHeaderPreset' },
              logo: { $ref: '#/components/schemas/CustomizationThemedURL' },
              primaryLink: {
                description: 'Destination to open when visitors click the site title/logo in the header.',
                $ref: '#/components/schemas/ContentRef',
              },
              backgroundColor: {
                deprecated: true,
                description:
                  'Color of the background in the header. This value is now deprecated in favour of' + ' the new theming colors.',
                $ref: '#/components/schemas/CustomizationThemedColor',
              },
              linkColor: {
                deprecated: true,
                description:
                  'Color of the links in the header. This value is now deprecated and will be phase' +
                  'd out in favour of the new theming colors.',
                $ref: '#/components/schemas/CustomizationThemedColor',
              },
              links: { type: 'array', items: { $ref: '#/components/schemas/CustomizationHeaderItem' } },
            },
            required: ['preset', 'links'],
          },
          footer: {
            type: 'object',
            properties: {
              logo: { $ref: '#/components/schemas/CustomizationThemedURL' },
              groups: { type: 'array', items: { $ref: '#/components/schemas/CustomizationFooterGroup' } },
              copyright: { type: 'string', maxLength: 512 },
            },
            required: ['groups'],
          },
          announcement: { $ref: '#/components/schemas/CustomizationAnnouncement' },
          themes: {
            description: 'Customization options for the dark/light theme modes.\n',
            type: 'object',
            properties: {
              default: { $ref: '#/components/schemas/CustomizationDefaultThemeMode' },
              toggeable: { description: 'Should the reader be able to switch between dark and light mode', type: 'boolean' },
            },
            required: ['default', 'toggeable'],
          },
          feedback: {
            type: 'object',
            properties: { enabled: { type: 'boolean', description: 'If true, feedback gathering is enabled' } },
            required: ['enabled'],
          },
          ai: {
            type: 'object',
            properties: {
              mode: { $ref: '#/components/schemas/CustomizationAIMode' },
              greeting: { $ref: '#/components/schemas/CustomizationAIGreeting' },
              localizedGreeting: { $ref: '#/components/schemas/LocalizedString128' },
              suggestions: { $ref: '#/components/schemas/CustomizationSuggestedQuestions' },
              instructions: { $ref: '#/components/schemas/CustomizationAIInstructions' },
            },
            required: ['mode'],
          },
          advancedCustomization: {
            type: 'object',
            properties: { enabled: { type: 'boolean', description: 'If true, Advanced customization is enabled' } },
            required: ['enabled'],
          },
          pageActions: {
            type: 'object',
            properties: {
              items: {
                type: 'array',
                description:
                  'Ordered list of the page actions enabled in the page menu. This is the source of' +
                  ' truth for\nwhich actions are enabled and in which order: the position defines th' +
                  'e display order, the\nfirst action is the default one, surfaced as the main butto' +
                  'n on the page, and actions not\npresent in the list are disabled. An empty list t' +
                  'urns the page menu off entirely: no action\nis shown, not even the `assistant`. O' +
                  'n a non-empty list the `assistant` action follows the\n`ai.mode` setting rather t' +
                  'han its own presence: it is kept (prepended by default if missing,\notherwise kee' +
                  'ping its position) when the assistant is enabled and absent when it is disabled.' +
                  '\nWhen the menu is off, the assistant stays reachable from the header via `ai.mod' +
                  'e`.\n',
                items: { $ref: '#/components/schemas/CustomizationPageActionType' },
              },
            },
            required: ['items'],
          },
          externalLinks: {
            type: 'object',
            properties: { target: { $ref: '#/components/schemas/SiteExternalLinksTarget' } },
            required: ['target'],
          },
          pagination: {
            type: 'object',
            properties: { enabled: { type: 'boolean', description: 'Whether the pagination navigation should be displayed on pages.' } },
            required: ['enabled'],
          },
          trademark: {
            type: 'object',
            properties: {
              enabled: { type: 'boolean', description: 'Whether the GitBook trademark ("Powered by GitBook") should be visible' },
            },
            required: ['enabled'],
          },
          privacyPolicy: { type: 'object', properties: { url: { $ref: '#/components/schemas/URL' } } },
          socialPreview: { type: 'object', properties: { url: { $ref: '#/components/schemas/URL' } } },
          socialAccounts: { $ref: '#/components/schemas/SiteSocialAccounts' },
          insights: {
            type: 'object',
            properties: {
              trackingCookie: {
                type: 'boolean',
                description: 'Whether GitBook identifies the visitor on the site using a cookie.',
                default: true,
              },
            },
            required: ['trackingCookie'],
          },
        },
        required: [
          'styling',
          'internationalization',
          'favicon',
          'header',
          'footer',
          'themes',
          'feedback',
          'ai',
          'advancedCustomization',
          'trademark',
          'externalLinks',
          'pagination',
          'pageActions',
          'privacyPolicy',
          'socialPreview',
          'socialAccounts',
          'insights',
        ],
      },
      SiteExternalLinksTarget: {
        type: 'string',
        description:
          'How external links should open when clicked.\n- `self`: External links open in th' +
          'e current tab.\n- `blank`: External links open in a new browser tab.\n',
        enum: ['self', 'blank'],
      },
      SiteRedirect: {
        type: 'object',
        properties: {
          object: { type: 'string', enum: ['site-redirect'] },
          id: { type: 'string', description: 'The unique identifier for the redirect.' },
          source: { $ref: '#/components/schemas/SiteRedirectSourcePath' },
          draft: { type: 'boolean', description: 'Whether the redirect is draft and not live.' },
          captureWildcard: { type: 'boolean', description: 'Capture and append the wildcard-matched suffix to the destination URL.' },
          permanent: {
            type: 'boolean',
            description:
              'Whether the redirect is configured as permanent. Permanent redirects are served ' +
              'as HTTP 308 for public live traffic and HTTP 307 in non-public contexts.',
          },
          destination: { $ref: '#/components/schemas/SiteRedirectDestination' },
          createdAt: { type: 'string', format: 'date-time', description: 'When the redirect was created.' },
          updatedAt: {
            type: 'string',
            format: 'date-time',
            description: 'When the redirect was last updated. Absent if never updated since creation.',
          },
        },
        required: ['object', 'id', 'source', 'draft', 'captureWildcard', 'permanent', 'destination', 'createdAt'],
      },
      SiteRedirectDestination: {
        oneOf: [
          { $ref: '#/components/schemas/SiteRedirectDestinationSiteSection' },
          { $ref: '#/components/schemas/SiteRedirectDestinationSiteSpace' },
          { $ref: '#/components/schemas/SiteRedirectDestinationPage' },
          { $ref: '#/components/schemas/SiteRedirectDestinationExternal' },
        ],
      },
      SiteRedirectDestinationExternal: {
        type: 'object',
        properties: { kind: { type: 'string', enum: ['external'] }, url: { $ref: '#/components/schemas/URL' } },
        required: ['kind', 'url'],
      },
      SiteRedirectDestinationPage: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['site-page'] },
          siteSpaceId: { type: 'string', description: 'Unique identifier for the site space of the page' },
          pageId: { type: 'string', description: 'Unique identifier for the page within the site space to redirect to' },
        },
        required: ['kind', 'siteSpaceId', 'pageId'],
      },
      SiteRedirectDestinationSiteSection: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['site-section'] },
          siteSectionId: { type: 'string', description: 'Unique identifier for the site section to redirect to' },
        },
        required: ['kind', 'siteSectionId'],
      },
      SiteRedirectDestinationSiteSpace: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['site-space'] },
          siteSpaceId: { type: 'string', description: 'Unique identifier for the site space to redirect to' },
        },
        required: ['kind', 'siteSpaceId'],
      },
      SiteRedirectInputDestination: {
        oneOf: [
          { $ref: '#/components/schemas/SiteRedirectDestination' },
          { $ref: '#/components/schemas/SiteRedirectInputDestinationPath' },
        ],
      },
      SiteRedirectInputDestinationPath: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['path'] },
          spaceId: { type: 'string', description: 'Unique identifier for the space containing the page referenced by the path.' },
          path: { type: 'string', description: 'Path to the page within the space revision to resolve.' },
        },
        required: ['kind', 'spaceId', 'path'],
      },
      SiteRedirectSourcePath: {
        type: 'string',
        description: 'The source path to redirect from.',
        maxLength: 512,
        pattern:
          '^\\/(?!\\*)(?!.*\\*.+)(?:[A-Za-z0-9\\-._~+]|%[0-9A-Fa-f]{2})+(?:\\/(?:[A-Za-z0-9\\-._~' +
          '+]|%[0-9A-Fa-f]{2})+)*(?:\\/\\*|\\*)?$',
      },
      SiteSocialAccount: {
        type: 'object',
        properties: {
          platform: { $ref: '#/components/schemas/SiteSocialAccountPlatform' },
          handle: { $ref: '#/components/schemas/SiteSocialAccountHandle' },
          display: {
            type: 'object',
            properties: { footer: { type: 'boolean', default: true }, header: { type: 'boolean', default: false } },
            required: ['footer', 'header'],
          },
        },
        required: ['platform', 'handle', 'display'],
      },
      SiteSocialAccountHandle: {
        description: 'A handle on a social platform, without prefixes like the @ symbol.',
        type: 'string',
        minLength: 1,
        maxLength: 128,
      },
      SiteSocialAccountPlatform: {
        description: 'The platform of the social handle.',
        type: 'string',
        enum: [
          'twitter',
          'instagram',
          'facebook',
          'linkedin',
          'github',
          'discord',
          'slack',
          'youtube',
          'tiktok',
          'reddit',
          'bluesky',
          'mastodon',
          'threads',
          'medium',
        ],
      },
      SiteSocialAccounts: {
        type: 'array',
        description: 'The social accounts of the site.',
        items: { $ref: '#/components/schemas/SiteSocialAccount' },
        maxItems: 10,
      },
      SiteTitle: { type: 'string', description: 'Title of the site', minLength: 2, maxLength: 128 },
      TranslationLanguage: {
        type: 'string',
        enum: [
          'en',
          'fr',
          'de',
          'es',
          'it',
          'pt',
          'pt-br',
          'ru',
          'ja',
          'zh',
          'zh-tw',
          'yue',
          'ko',
          'ar',
          'hi',
          'nl',
          'pl',
          'tr',
          'sv',
          'no',
          'da',
          'fi',
          'el',
          'cs',
          'hu',
          'ro',
          'th',
          'vi',
          'id',
          'ms',
          'he',
          'uk',
          'sk',
          'bg',
          'hr',
          'lt',
          'lv',
          'et',
          'sl',
        ],
      },
      URL: { type: 'string', format: 'uri', maxLength: 2048 },
      SiteSpaceCustomizationOverride: {
        description: 'The settings that overrides the site customization settings.',
        type: 'object',
        properties: {
          title: {
            description:
              'Title to use for the published site variant. If not defined, the title will not ' +
              'be changed. If set to null, the title will be unset and will fallback to the con' +
              'tent title.',
            oneOf: [{ $ref: '#/components/schemas/SiteTitle' }, { type: 'null' }],
          },
          localizedTitle: {
            description:
              'Localized titles for the site variant, keyed by locale. If not defined, the loca' +
              'lized title will not be changed. If set to null, all localized titles will be re' +
              'moved.',
            oneOf: [{ $ref: '#/components/schemas/LocalizedString128' }, { type: 'null' }],
          },
          styling: {
            type: 'object',
            properties: {
              theme: {
                description: 'The site theme. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationTheme' }, { type: 'null' }],
              },
              primaryColor: {
                description: 'The primary color used for links and UI text. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              infoColor: {
                description: 'Used for informational messages and neutral alerts. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              successColor: {
                description: 'Used for showing positive actions or achievements. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              warningColor: {
                description: 'Used for showing important information or non-critical warnings. Set to null to ' + 'reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              dangerColor: {
                description:
                  'Used for destructive actions or raising attention to critical information. Set t' + 'o null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              tint: {
                description:
                  'The tint will color the site’s UI beyond links and buttons, such as header, side' +
                  'bar and background. By default, the tint colour is the same as your Primary colo' +
                  'ur, but you can set a custom one too.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationTint' }, { type: 'null' }],
              },
              corners: {
                description: 'The style of the corners to use. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationCorners' }, { type: 'null' }],
              },
              depth: {
                description: 'The depth of elements on the site. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationDepth' }, { type: 'null' }],
              },
              links: {
                description: 'The style for links to use. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationLinksStyle' }, { type: 'null' }],
              },
              icons: {
                description: 'The icons style to use for the content. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationIconsStyle' }, { type: 'null' }],
              },
              sidebar: {
                description: 'Various styles for the sidebar. Each can be Set to null to reset the override.',
                type: 'object',
                properties: {
                  background: { oneOf: [{ $ref: '#/components/schemas/CustomizationSidebarBackgroundStyle' }, { type: 'null' }] },
                  list: { oneOf: [{ $ref: '#/components/schemas/CustomizationSidebarListStyle' }, { type: 'null' }] },
                },
              },
              search: {
                description: 'Styling for the search button at the top of the site.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationSearchStyle' }, { type: 'null' }],
              },
              background: {
                description: 'The style of background to use. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationBackground' }, { type: 'null' }],
              },
              codeTheme: {
                description: 'The code theme to use. Set to null to reset the override.',
                type: 'object',
                properties: {
                  default: { oneOf: [{ $ref: '#/components/schemas/CustomizationThemedCodeTheme' }, { type: 'null' }] },
                  openapi: { oneOf: [{ $ref: '#/components/schemas/CustomizationThemedCodeTheme' }, { type: 'null' }] },
                },
              },
            },
          },
          internationalization: {
            type: 'object',
            deprecated: true,
            properties: {
              locale: {
                description: 'The locale to use for the non-custom elements of the UI. Set to null to reset th' + 'e override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationLocale' }, { type: 'null' }],
              },
            },
            required: ['locale'],
          },
          favicon: {
            description: 'The favicon to use. Set to null to reset the override.',
            oneOf: [{ $ref: '#/components/schemas/CustomizationFavicon' }, { type: 'null' }],
          },
          announcement: { $ref: '#/components/schemas/CustomizationAnnouncement' },
          header: {
            type: 'object',
            properties: {
              preset: {
                description: 'The theme preset to use. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationHeaderPreset' }, { type: 'null' }],
              },
              logo: {
                description: 'The header logo to use. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedURL' }, { type: 'null' }],
              },
              primaryLink: {
                description:
                  'The destination to open when visitors click the site title/logo in the header. S' + 'et to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/ContentRef' }, { type: 'null' }],
              },
              backgroundColor: {
                description: 'The background color used in the header. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              linkColor: {
                description: 'The color used by the links in the header. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedColor' }, { type: 'null' }],
              },
              links: {
                type: ['array', 'null'],
                description: 'The links that are displayed in the header. Set to null to reset the override.',
                items: { $ref: '#/components/schemas/CustomizationHeaderItem' },
              },
            },
          },
          footer: {
            type: 'object',
            properties: {
              logo: {
                description: 'The logo displayed in the footer. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationThemedURL' }, { type: 'null' }],
              },
              groups: {
                type: ['array', 'null'],
                description: 'The links groups that are displayed in the footer. Set to null to reset the override.',
                items: { $ref: '#/components/schemas/CustomizationFooterGroup' },
              },
              copyright: {
                type: ['string', 'null'],
                description: 'The copyright text that is displayed in the footer. Set to null to reset the override.',
                maxLength: 512,
              },
            },
          },
          themes: {
            type: 'object',
            properties: {
              default: {
                description: 'The theme mode default value. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/CustomizationDefaultThemeMode' }, { type: 'null' }],
              },
              toggeable: {
                description: 'Should the reader be able to switch between dark and light mode. Set to null to ' + 'reset the override.',
                type: ['boolean', 'null'],
              },
            },
          },
          feedback: {
            type: 'object',
            properties: {
              enabled: {
                type: ['boolean', 'null'],
                description: 'If true, feedback gathering is enabled. Set to null to reset the override.',
              },
            },
            required: ['enabled'],
          },
          externalLinks: {
            type: 'object',
            properties: {
              target: {
                description: 'How external links should open. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/SiteExternalLinksTarget' }, { type: 'null' }],
              },
            },
            required: ['target'],
          },
          pagination: {
            type: 'object',
            properties: {
              enabled: {
                type: ['boolean', 'null'],
                description: 'Whether the pagination navigation should be displayed on pages. Set to null to r' + 'eset the override.',
              },
            },
            required: ['enabled'],
          },
          trademark: {
            type: 'object',
            properties: {
              enabled: {
                type: ['boolean', 'null'],
                description:
                  'Whether the GitBook trademark ("Powered by GitBook") should be visible. Set to n' + 'ull to reset the override.',
              },
            },
            required: ['enabled'],
          },
          privacyPolicy: {
            type: 'object',
            properties: {
              url: {
                description: 'The custom link to the privacy policy. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/URL' }, { type: 'null' }],
              },
            },
          },
          socialPreview: {
            type: 'object',
            properties: {
              url: {
                description: 'The URL for the social preview image. Set to null to reset the override.',
                oneOf: [{ $ref: '#/components/schemas/URL' }, { type: 'null' }],
              },
            },
          },
        },
      },
      CreateSiteRedirectBody: {
        type: 'object',
        properties: {
          source: { $ref: '#/components/schemas/SiteRedirectSourcePath' },
          captureWildcard: {
            type: 'boolean',
            default: false,
            description: 'Capture and append the wildcard-matched suffix to the destination URL.',
          },
          draft: { type: 'boolean', default: false, description: 'Whether the redirect is draft and not live.' },
          permanent: { type: 'boolean', default: false, description: 'Whether the redirect is permanent for public live traffic.' },
          destination: { $ref: '#/components/schemas/SiteRedirectInputDestination' },
        },
        required: ['source', 'destination'],
      },
      UpdateSiteRedirectBody: {
        type: 'object',
        properties: {
          source: { $ref: '#/components/schemas/SiteRedirectSourcePath' },
          captureWildcard: { type: 'boolean', description: 'Capture and append the wildcard-matched suffix to the destination URL.' },
          draft: { type: 'boolean', description: 'When true, it can be used to promote a draft redirect to live.' },
          permanent: { type: 'boolean', description: 'Whether the redirect is permanent for public live traffic.' },
          destination: { $ref: '#/components/schemas/SiteRedirectDestination' },
        },
      },
      BulkUpsertSiteRedirectsBody: {
        type: 'object',
        properties: {
          redirects: {
            type: 'array',
            minItems: 1,
            maxItems: 500,
            items: {
              oneOf: [
                {
                  type: 'object',
                  properties: {
                    source: { $ref: '#/components/schemas/SiteRedirectSourcePath' },
                    intent: {
                      type: 'string',
                      enum: ['publish'],
                      description: 'Publish a draft redirect to live and remove the draft redirect.\n',
                    },
                  },
                  required: ['source', 'intent'],
                },
                {
                  type: 'object',
                  properties: {
                    source: { $ref: '#/components/schemas/SiteRedirectSourcePath' },
                    intent: {
                      type: 'string',
                      enum: ['live', 'draft'],
                      default: 'live',
                      description:
                        'Redirect operation intent.\n- live: upsert/delete a live redirect (draft=false)\n-' +
                        ' draft: upsert/delete a draft redirect (draft=true)\n',
                    },
                    captureWildcard: {
                      type: 'boolean',
                      default: false,
                      description: 'Capture and append the wildcard-matched suffix to the destination URL.',
                    },
                    permanent: { type: 'boolean', description: 'Whether the redirect is permanent for public live traffic.' },
                    destination: {
                      description: 'If set to null, the redirect matching the source+intent target will be deleted.',
                      oneOf: [{ $ref: '#/components/schemas/SiteRedirectInputDestination' }, { type: 'null' }],
                    },
                  },
                  required: ['source', 'destination'],
                },
              ],
            },
          },
        },
        required: ['redirects'],
      },
    },
  },
} as const;
