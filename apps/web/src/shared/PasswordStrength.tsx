import { PASSWORD_MIN_LENGTH_DEFAULT, PASSWORD_MIN_SCORE } from "@app/contracts";
import { Progress, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "../app/i18n";
import { useSession } from "../app/session";

type Policy = typeof import("@app/contracts/password-policy");

const COLORS = ["red", "red", "orange", "teal", "green"] as const;

/**
 * How hard the password being typed is to guess, by the rules the server applies (the same
 * function of the contracts): its strength, and why it would be refused. The estimator and its
 * dictionaries load only when a password form opens.
 */
export function PasswordStrength({ password, userInputs = [] }: { password: string; userInputs?: string[] }) {
  const { t } = useTranslation("common");
  const { systemConfig } = useSession();
  const [policy, setPolicy] = useState<Policy>();
  useEffect(() => {
    let live = true;
    void import("@app/contracts/password-policy").then((m) => live && setPolicy(m));
    return () => {
      live = false;
    };
  }, []);
  if (!password || !policy) return null;
  const minLength = systemConfig.password_min_length ?? PASSWORD_MIN_LENGTH_DEFAULT;
  const inputs = userInputs.filter(Boolean);
  const score = policy.passwordScore(password, inputs);
  const problem = policy.passwordProblem(password, { minLength, userInputs: inputs });
  return (
    <Stack gap={4} data-testid="password-strength" data-score={score} data-accepted={problem ? "false" : "true"}>
      <Progress value={((score + 1) / 5) * 100} color={COLORS[score]} size="sm" aria-hidden />
      <Text size="xs" c={score >= PASSWORD_MIN_SCORE && !problem ? "teal" : "red"}>
        {t(`passwordStrength.${score}`)}
        {problem ? ` — ${translateMessage(problem)}` : ""}
      </Text>
    </Stack>
  );
}
