/** The id of a control's error message: Field renders it, enhance-form.ts shows it. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;
