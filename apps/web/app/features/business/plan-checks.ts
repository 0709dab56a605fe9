import type { FormProblems, FormValues } from "../../components/site/enhance-form";
import { emailProblem } from "../../lib/validation";

/** The Plan modal's fields, with the spec's messages. */
export function checkPlan(values: FormValues): FormProblems {
  return {
    email: emailProblem(values.email ?? "", "name@company.com"),
    assignedName: values.assignedName ? undefined : "Please provide your Business Name",
  };
}
