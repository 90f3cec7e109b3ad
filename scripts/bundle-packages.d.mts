import type { BuildOptions } from 'esbuild';

/** The packages the CLI's bundles keep in node_modules, and the plugins that cut the others to what moddesk uses. */
export declare const BUNDLE_PACKAGES: Required<Pick<BuildOptions, 'external' | 'plugins'>>;
