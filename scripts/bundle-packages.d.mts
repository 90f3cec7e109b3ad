import type { BuildOptions } from 'esbuild';

/** The packages the CLI's bundles keep in node_modules, the plugins that cut the others to what moddesk uses, and
 * the banner that lets bundled CommonJS packages require Node's own modules. */
export declare const BUNDLE_PACKAGES: Required<Pick<BuildOptions, 'external' | 'plugins' | 'banner'>>;
