export declare const WITHOUT_NATIVE: string[];
