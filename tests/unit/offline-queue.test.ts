// The rules of actions a driver's phone kept offline: which time is recorded, how
// the two times read, the refusal's one sentence, and the job's progress after the kept
// actions (the next step offered before the signal returns).
import { describe, expect, it } from "vitest";
import { nextStepOf, progressAfter, proofBlocker, PROOF_BLOCKERS, type JobProgress } from "~/domain/job-progress";
import {
  acceptedTime,
  isQueuedDelivery,
  queuedActionName,
  queuedActionRefusal,
  signOutQuestion,
  stepHistoryText,
  stepTimeText,
} from "~/domain/offline-queue";
import { queuedActionSchema } from "~/schemas/offline-queue";

// 27 Nov 2026 is GMT: UK time is UTC.
const received = new Date("2026-11-27T14:19:00Z");
const at = (time: string) => new Date(`2026-11-27T${time}:00Z`);

const believedAt = (time: Date) => ({ at: time, phoneAt: time, onlineAt: null });
const notBelieved = (phoneAt: Date, onlineAt: Date | null = null) => ({ at: received, phoneAt, onlineAt });

describe("the time a queued action is recorded at", () => {
  it("is the phone's time when nothing was heard from the driver since, after the previous step and within a day", () => {
    expect(
      acceptedTime({
        happenedAt: at("14:02"),
        receivedAt: received,
        previousStepAt: at("13:40"),
        heardAt: at("13:55"),
      }),
    ).toEqual(believedAt(at("14:02")));
  });

  it("is the time received when the server heard from the driver after the phone's time", () => {
    // Online the whole time: a late arrival sent as an early one.
    expect(acceptedTime({ happenedAt: at("14:02"), receivedAt: received, heardAt: at("14:10") })).toEqual(
      notBelieved(at("14:02"), at("14:10")),
    );
  });

  it("is the time received for a phone clock ahead of the server", () => {
    expect(acceptedTime({ happenedAt: at("14:30"), receivedAt: received })).toEqual(notBelieved(at("14:30")));
  });

  it("is the time received for a time before the job's previous step, or over a day old", () => {
    expect(acceptedTime({ happenedAt: at("13:00"), receivedAt: received, previousStepAt: at("13:40") })).toEqual(
      notBelieved(at("13:00")),
    );
    const dayBefore = new Date("2026-11-26T14:00:00Z");
    expect(acceptedTime({ happenedAt: dayBefore, receivedAt: received })).toEqual(notBelieved(dayBefore));
    const withinADay = new Date("2026-11-26T14:20:00Z");
    expect(acceptedTime({ happenedAt: withinADay, receivedAt: received })).toEqual(believedAt(withinADay));
  });

  it("is the time received when the phone sent none", () => {
    expect(acceptedTime({ happenedAt: null, receivedAt: received })).toEqual({
      at: received,
      phoneAt: null,
      onlineAt: null,
    });
    expect(acceptedTime({ happenedAt: new Date("nonsense"), receivedAt: received }).at).toEqual(received);
  });
});

describe("whose requests are hearing from the driver", () => {
  it("every request but the delivery of a queued action", () => {
    expect(isQueuedDelivery("/api/driver/actions")).toBe(true);
    expect(isQueuedDelivery("/api/driver/jobs/ckabc123/proof")).toBe(true);
    expect(isQueuedDelivery("/api/driver/jobs/ckabc123/proof-to-support")).toBe(false);
    expect(isQueuedDelivery("/driver")).toBe(false);
    expect(isQueuedDelivery("/driver.data")).toBe(false);
    expect(isQueuedDelivery("/api/driver/offers/events")).toBe(false);
  });
});

describe("signing out with actions not sent", () => {
  it("asks first, counting them", () => {
    expect(signOutQuestion(2)).toBe("2 actions are not sent yet. Sign out anyway?");
    expect(signOutQuestion(1)).toBe("1 action is not sent yet. Sign out anyway?");
  });
});

describe("a step in the admins' history", () => {
  it("says both times when the phone's was believed and reached us later", () => {
    const step = { happenedAt: at("14:02"), receivedAt: received, phoneAt: at("14:02"), onlineAt: null };
    expect(stepHistoryText(step)).toBe("27 Nov 2026, 14:02 (sent 14:19)");
  });

  it("says the phone's time and why it was not believed", () => {
    expect(
      stepHistoryText({ happenedAt: received, receivedAt: received, phoneAt: at("14:02"), onlineAt: at("14:10") }),
    ).toBe("sent 27 Nov 2026, 14:19, phone says 14:02, not believed: the phone was online at 14:10");
    expect(stepHistoryText({ happenedAt: received, receivedAt: received, phoneAt: at("14:40"), onlineAt: null })).toBe(
      "sent 27 Nov 2026, 14:19, phone says 14:40, not believed: the phone's clock was ahead",
    );
    const dayBefore = new Date("2026-11-26T09:00:00Z");
    expect(stepHistoryText({ happenedAt: received, receivedAt: received, phoneAt: dayBefore, onlineAt: null })).toBe(
      "sent 27 Nov 2026, 14:19, phone says 26 Nov 2026, 09:00, not believed: more than 24 hours before it was sent",
    );
  });

  it("says one time when the two are the same moment", () => {
    expect(stepHistoryText({ happenedAt: received, receivedAt: received, phoneAt: null, onlineAt: null })).toBe(
      "27 Nov 2026, 14:19",
    );
    expect(
      stepHistoryText({ happenedAt: received, receivedAt: received, phoneAt: at("14:18"), onlineAt: at("14:18") }),
    ).toBe("27 Nov 2026, 14:19");
  });
});

describe("the two times on a screen", () => {
  it("say both when they differ by more than 2 minutes", () => {
    expect(stepTimeText(at("14:02"), received)).toBe("14:02 (sent 14:19)");
    expect(stepTimeText(at("14:17"), received)).toBe("14:17");
    expect(stepTimeText(new Date("2026-11-27T14:16:59Z"), received)).toBe("14:16 (sent 14:19)");
  });

  it("read on the UK clock in summer", () => {
    expect(stepTimeText(new Date("2026-07-01T13:02:00Z"), new Date("2026-07-01T13:19:00Z"))).toBe("14:02 (sent 14:19)");
  });
});

describe("the sentence for a job that changed meanwhile", () => {
  it("names what changed, when, and what was not recorded", () => {
    expect(
      queuedActionRefusal(
        { kind: "reassigned", at: at("13:50") },
        queuedActionName({ kind: "step", status: "arrived" }),
      ),
    ).toBe("This job was given to another driver at 13:50; your arrival was not recorded.");
    expect(queuedActionRefusal({ kind: "cancelled", at: at("12:05") }, queuedActionName({ kind: "proof" }))).toBe(
      "This job was cancelled at 12:05; your proof of delivery was not recorded.",
    );
    expect(
      queuedActionRefusal(
        { kind: "status-changed", at: at("13:10"), statusLabel: "Move completed" },
        queuedActionName({ kind: "stop-done", stop: 2 }),
      ),
    ).toBe("Our team set this job to “Move completed” at 13:10; your “stop 2 done” was not recorded.");
    expect(queuedActionRefusal({ kind: "taken-off", at: at("09:00") }, queuedActionName({ kind: "chat" }))).toBe(
      "This job was taken off you at 09:00; your message was not recorded.",
    );
    expect(
      queuedActionRefusal(
        { kind: "other", message: "That job is not assigned to you." },
        queuedActionName({ kind: "position" }),
      ),
    ).toBe("That job is not assigned to you. Your position was not recorded.");
  });
});

describe("a job's progress after the actions kept offline", () => {
  const job: JobProgress = {
    status: "in_progress",
    trackingStatus: "en_route",
    stops: [
      { position: 1, type: "pickup", done: false },
      { position: 2, type: "dropoff", done: false },
    ],
  };

  it("offers the next step before the signal returns: after “I've arrived”, the first stop", () => {
    const arrived = progressAfter(job, [
      { kind: "step", status: "nearby" },
      { kind: "step", status: "arrived" },
    ]);
    expect(arrived.trackingStatus).toBe("arrived");
    expect(nextStepOf(arrived, null)).toMatchObject({ next: null, nextStop: { position: 1, type: "pickup" } });
    const collected = progressAfter(arrived, [{ kind: "stop-done", position: 1 }]);
    expect(nextStepOf(collected, null).nextStop).toMatchObject({ position: 2, type: "dropoff" });
    // The drop-off's proof may be handed in offline; the final delivery's only after it.
    expect(proofBlocker(collected, 2)).toBeNull();
    expect(proofBlocker(collected, 0)).toBe("Stop 2 is not done yet. Do every stop before completing the move.");
    const dropped = progressAfter(collected, [{ kind: "proof", stop: 2 }]);
    expect(proofBlocker(dropped, 0)).toBeNull();
    expect(nextStepOf(dropped, null).next).toEqual({ status: "completed", label: "Job completed" });
    const completed = progressAfter(dropped, [{ kind: "proof", stop: 0 }]);
    expect(completed.status).toBe("completed");
    expect(nextStepOf(completed, null)).toEqual({ next: null, nextStop: null, notYet: null });
    expect(proofBlocker(completed, 0)).toBe(PROOF_BLOCKERS.completed);
  });

  it("offers no start while the server says it is too soon", () => {
    const waiting = { ...job, status: "assigned" as const, trackingStatus: "assigned" as const };
    expect(nextStepOf(waiting, "You can start this job on its day, from 08:00.")).toMatchObject({
      next: null,
      notYet: "You can start this job on its day, from 08:00.",
    });
    expect(nextStepOf(waiting, null).next).toEqual({ status: "en_route", label: "Start: on my way" });
  });

  it("changes nothing for a message or a position", () => {
    expect(progressAfter(job, [{ kind: "chat" }, { kind: "position" }])).toEqual(job);
  });

  it("refuses a proof before arriving, and on a cancelled job", () => {
    expect(proofBlocker(job, 0)).toBe(PROOF_BLOCKERS.notArrived);
    expect(proofBlocker({ ...job, status: "cancelled" }, 0)).toBe(PROOF_BLOCKERS.cancelled);
  });
});

describe("the queued action's body", () => {
  const base = {
    id: "5f0c7a52-3d7e-4c3e-9a55-0a7f6f3b1c2d",
    bookingId: "cm1abcdefghij",
    happenedAt: "2026-11-27T14:02:00.000Z",
  };

  it("takes a step, a stop, a message and a position", () => {
    expect(queuedActionSchema.parse({ ...base, kind: "step", status: "arrived" })).toMatchObject({
      kind: "step",
      status: "arrived",
      happenedAt: at("14:02"),
    });
    expect(queuedActionSchema.safeParse({ ...base, kind: "stop-done", position: 2 }).success).toBe(true);
    expect(queuedActionSchema.safeParse({ ...base, kind: "chat", content: "Outside" }).success).toBe(true);
    expect(queuedActionSchema.safeParse({ ...base, kind: "position", latitude: 54.97, longitude: -1.61 }).success).toBe(
      true,
    );
  });

  it("refuses a completion without its proof, a missing id and a time that is not one", () => {
    expect(queuedActionSchema.safeParse({ ...base, kind: "step", status: "completed" }).success).toBe(false);
    expect(queuedActionSchema.safeParse({ ...base, id: "x", kind: "chat", content: "Hi" }).success).toBe(false);
    expect(queuedActionSchema.safeParse({ ...base, happenedAt: "14:02", kind: "chat", content: "Hi" }).success).toBe(
      false,
    );
  });
});
