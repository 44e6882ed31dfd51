// /driver/availability: where the driver starts from, how far they go and how many
// jobs a day they take, which decide the open jobs they are offered; and their days off, added
// and removed one at a time. Plain forms: the same with JavaScript off and on.
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StatusButton } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { FormErrorSummary, FormField } from "~/components/ui/form-field";
import { ukToday } from "~/domain/uk-calendar";
import { formatCalendarDate } from "~/domain/uk-datetime";
import {
  AVAILABILITY_MESSAGES,
  availabilitySettingsSchema,
  dayOffSchema,
  MAX_DAYS_OFF,
} from "~/schemas/driver-availability";
import { requireDriver } from "~/server/auth/auth.server";
import {
  availabilityOf,
  changeDayOff,
  mayChangeAvailability,
  saveAvailability,
} from "~/server/drivers/dispatch.server";
import { driverOfUser } from "~/server/payouts/payout-details.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { seo } from "~/utils/seo";
import { usePageForm } from "~/utils/use-validated-form";

export const meta: MetaFunction = ({ matches }) =>
  seo({
    title: "Availability",
    description: "Where you work from, how far you go and your days off.",
    path: "/driver/availability",
    matches,
    noindex: true,
  });

async function signedInDriver(request: Request) {
  const user = await requireDriver(request);
  const driver = await driverOfUser(user.id);
  if (!driver) throw redirect("/driver");
  return driver;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const driver = await signedInDriver(request);
  return { availability: await availabilityOf(driver.id), today: ukToday() };
}

type DayOffAnswer = { dayOff: true; error: string; typed: string };

export async function action({ request }: ActionFunctionArgs) {
  const driver = await signedInDriver(request);
  const formData = await request.formData();
  if (formData.get("intent") === "save") {
    const submission = parseWithZod(formData, { schema: availabilitySettingsSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    if (!(await mayChangeAvailability(driver.id)))
      return data(submission.reply({ formErrors: [AVAILABILITY_MESSAGES.tooManyChanges] }), { status: 429 });
    const { intent: _intent, ...settings } = submission.value;
    await saveAvailability(driver.id, settings);
    return redirectWithToast(request, "/driver/availability", {
      title: "Availability saved",
      description: `Jobs within ${settings.workingRadiusMiles} miles of ${settings.basePostcode}, up to ${settings.jobsPerDay} a day.`,
      variant: "success",
    });
  }
  const typed = String(formData.get("day") ?? "");
  const submission = dayOffSchema.safeParse(Object.fromEntries(formData));
  if (!submission.success)
    return data<DayOffAnswer>({ dayOff: true, error: AVAILABILITY_MESSAGES.day, typed }, { status: 400 });
  const { intent, day } = submission.data;
  if (!(await mayChangeAvailability(driver.id)))
    return data<DayOffAnswer>({ dayOff: true, error: AVAILABILITY_MESSAGES.tooManyChanges, typed }, { status: 429 });
  if (!(await changeDayOff(driver.id, intent, day)))
    return data<DayOffAnswer>({ dayOff: true, error: AVAILABILITY_MESSAGES.tooManyDays, typed }, { status: 409 });
  return redirectWithToast(request, "/driver/availability", {
    title: intent === "add-day" ? "Day off added" : "Day off removed",
    description: formatCalendarDate(day, "full"),
    variant: "success",
  });
}

export default function DriverAvailability() {
  const { availability, today } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <p className="text-sm">
        <Link to="/driver" className="font-medium text-blue-700 hover:underline">
          ← My jobs
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900 sm:text-3xl">Availability</h1>
      <p className="mt-2 text-sm text-slate-700">
        You are offered the paid jobs that start within your radius of your base, fit your van, and do not clash with
        your other jobs or days off.
      </p>
      <SettingsForm availability={availability} />
      <DaysOff daysOff={availability.daysOff} today={today} />
    </div>
  );
}

function SettingsForm({
  availability,
}: {
  availability: { basePostcode: string | null; workingRadiusMiles: number; jobsPerDay: number };
}) {
  const { form, fields, pending } = usePageForm(
    () => import("~/schemas/driver-availability").then((schemas) => schemas.availabilitySettingsSchema),
    {
      defaultValue: {
        basePostcode: availability.basePostcode ?? "",
        workingRadiusMiles: String(availability.workingRadiusMiles),
        jobsPerDay: String(availability.jobsPerDay),
      },
    },
  );
  return (
    <section
      aria-labelledby="settings-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        Where and how much
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="save" />
        <FormErrorSummary form={form} />
        <FormField
          meta={fields.basePostcode}
          label="Base postcode"
          type="text"
          autoComplete="postal-code"
          hint="Where you start your day, like NE1 4ST."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            meta={fields.workingRadiusMiles}
            label="Working radius (miles)"
            type="number"
            min={5}
            max={100}
            hint="5 to 100 miles."
          />
          <FormField
            meta={fields.jobsPerDay}
            label="Jobs a day, at most"
            type="number"
            min={1}
            max={5}
            hint="1 to 5."
          />
        </div>
        <StatusButton pending={pending} pendingText="Saving...">
          Save
        </StatusButton>
      </Form>
    </section>
  );
}

function DaysOff({ daysOff, today }: { daysOff: { date: string; text: string }[]; today: string }) {
  const answer = useActionData<typeof action>() as DayOffAnswer | undefined;
  const navigation = useNavigation();
  const error = answer && "dayOff" in answer ? answer.error : null;
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <section
      aria-labelledby="days-off-heading"
      className="mt-6 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="days-off-heading" className="text-lg font-semibold text-slate-900">
        Days off
      </h2>
      {daysOff.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">None: you are offered jobs on any day.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200" data-testid="days-off">
          {daysOff.map((day) => (
            <li key={day.date} className="flex items-center justify-between gap-3 py-2">
              <span className="text-slate-900">{day.text}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-day" />
                <input type="hidden" name="day" value={day.date} />
                <button
                  type="submit"
                  className="text-sm font-medium text-red-700 underline"
                  aria-label={`Remove ${day.text}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="add-day" />
        <div>
          <label htmlFor="day-off" className="block text-sm font-medium text-slate-800">
            Add a day off
          </label>
          <input
            id="day-off"
            name="day"
            type="date"
            min={today}
            required
            defaultValue={answer && "dayOff" in answer ? answer.typed : ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "day-off-error" : undefined}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <StatusButton pending={sending === "add-day"} pendingText="Adding...">
          Add
        </StatusButton>
        <ErrorList id="day-off-error" errors={error ? [error] : undefined} />
      </Form>
      <p className="mt-2 text-xs text-slate-600">Up to {MAX_DAYS_OFF} days; past days drop off by themselves.</p>
    </section>
  );
}
