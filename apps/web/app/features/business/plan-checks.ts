import { MAX_SEATS, MIN_SEATS } from "@serene/contract/business";
import type { FormProblems, FormValues } from "../../components/site/enhance-form";
import { emailProblem } from "../../lib/validation";

/** What is wrong with a typed number of employees (a whole number from 5 to 100), if anything. */
export function seatsProblem(value: string): string | undefined {
  const count = Number(value);
  return /^\d+$/.test(value.trim()) && count >= MIN_SEATS && count <= MAX_SEATS
    ? undefined
    : `Number of employees must be between ${MIN_SEATS} and ${MAX_SEATS}`;
}

/** The Plan modal's fields, with the spec's messages. */
export function checkPlan(values: FormValues): FormProblems {
  return {
    email: emailProblem(values.email ?? "", "name@company.com"),
    assignedName: values.assignedName ? undefined : "Please provide your Business Name",
    totalUsers: seatsProblem(values.totalUsers ?? ""),
  };
}
