import { type FormErrors, schemaResolver } from "@mantine/form";

type Schema = Parameters<typeof schemaResolver>[0];

/**
 * A form's validation from the contract: the request body's schema (its lengths, formats and
 * messages, never restated here), then `more` for what a body cannot say of a form (a select
 * left empty, a password typed twice). `more`'s undefined entries mean "fine".
 */
export function validateWith<V>(schema: Schema, more?: (values: V) => Record<string, string | undefined>) {
  const resolve = schemaResolver(schema, { sync: true });
  return (values: V): FormErrors => {
    const errors: FormErrors = { ...resolve(values) };
    for (const [field, message] of Object.entries(more?.(values) ?? {})) {
      if (message) errors[field] = message;
    }
    return errors;
  };
}
