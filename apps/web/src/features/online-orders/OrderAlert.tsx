import { Alert, Button, Group, Switch, Text } from "@mantine/core";
import { IconBellRinging } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useCan } from "../../app/session";
import { API_BASE } from "../../shared/api/client";
import { session } from "../../shared/api/session";
import { onlineOrdersKey, pendingCountQuery } from "./onlineOrders.queries";

/** Muting is per device: kept in this browser only. */
const MUTE_KEY = "souq.onlineOrders.muted";
const RING_EVERY_MS = 2500;

/** A two-tone chime made with WebAudio (no sound file is fetched). */
function chime(ctx: AudioContext) {
  const now = ctx.currentTime;
  for (const [i, freq] of [880, 1320].entries()) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    const start = now + i * 0.22;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.2);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.21);
  }
}

/**
 * Listens for new and changed orders (server-sent events; the fetch carries the session's token)
 * and has the order queries read again on each. Reconnects after a loss; the 30-second poll of
 * the count stays meanwhile.
 */
function useOrderStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let ctrl: AbortController | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = async () => {
      ctrl = new AbortController();
      try {
        const token = session.getToken();
        const res = await fetch(`${API_BASE}/online_orders/stream`, {
          headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: ctrl.signal,
        });
        if (!res.ok || !res.body) throw new Error(String(res.status));
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const events = buffer.split("\n\n");
          buffer = events.pop() ?? "";
          if (events.some((e) => e.startsWith("event: order"))) void queryClient.invalidateQueries({ queryKey: onlineOrdersKey });
        }
      } catch {
        // Lost or refused: try again in a while.
      }
      if (!stopped) retry = setTimeout(connect, 5000);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      ctrl?.abort();
    };
  }, [enabled, queryClient]);
}

/**
 * For users holding online_orders/show: the pending orders' count (polled every 30 seconds and
 * read again at every push), and when it rises above the count before (not on the first read)
 * a banner and a chime that repeats until someone acknowledges it (SPEC §4 "Notifications").
 */
export function OrderAlert() {
  const { t } = useTranslation("onlineorders");
  const can = useCan();
  const allowed = can("online_orders/show");
  const count = useQuery({ ...pendingCountQuery, enabled: allowed });
  useOrderStream(allowed);
  const previous = useRef<number | null>(null);
  const [ringing, setRinging] = useState(false);
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTE_KEY) === "1");
  const audio = useRef<AudioContext | null>(null);

  useEffect(() => {
    if (count.data === undefined) return;
    if (previous.current !== null && count.data > previous.current) setRinging(true);
    if (count.data === 0) setRinging(false);
    previous.current = count.data;
  }, [count.data]);

  useEffect(() => {
    if (!ringing || muted) return;
    const ring = () => {
      try {
        audio.current ??= new AudioContext();
        if (audio.current.state === "suspended") void audio.current.resume();
        chime(audio.current);
      } catch {
        // No audio on this device: the banner still shows.
      }
    };
    ring();
    const timer = setInterval(ring, RING_EVERY_MS);
    return () => clearInterval(timer);
  }, [ringing, muted]);

  if (!allowed || !ringing) return null;
  return (
    <Alert color="orange" icon={<IconBellRinging size={18} />} title={t("alert.title")} data-testid="online-order-alert" mb="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">{t("alert.text", { count: count.data ?? 0 })}</Text>
        <Group gap="sm">
          <Switch
            label={t("alert.mute")}
            checked={muted}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setMuted(on);
              localStorage.setItem(MUTE_KEY, on ? "1" : "0");
            }}
            data-testid="online-order-mute"
          />
          <Button component={Link} to="/sales/online-orders" size="xs" variant="light" onClick={() => setRinging(false)}>
            {t("alert.open")}
          </Button>
          <Button size="xs" onClick={() => setRinging(false)} data-testid="online-order-ack">
            {t("alert.acknowledge")}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
