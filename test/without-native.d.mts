/** test/without-native.mjs: files npm test runs while better-sqlite3 compiles. */
export declare const WITHOUT_NATIVE: readonly string[];
