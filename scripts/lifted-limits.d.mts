export declare const liftedLimits: Readonly<Record<string, string>>;
