// A real SMTP server for the tests (smtp-server), each message read back with mailparser. It
// can refuse: "down" (it does not listen at all, as a mail server in an outage), a temporary
// refusal (421) or a mailbox that does not exist (550) for chosen addresses.
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;

export async function startSmtpStandIn({ port = 0 }: { port?: number } = {}) {
  const received: ParsedMail[] = [];
  const noSuchMailbox = new Set<string>();
  let refuseFor = 0;
  let server: SMTPServer | null = null;
  let listeningPort = port;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (noSuchMailbox.has(address.address.toLowerCase())) {
          const error = Object.assign(new Error("5.1.1 No such mailbox"), { responseCode: 550 });
          return callback(error);
        }
        if (refuseFor > 0) {
          refuseFor -= 1;
          return callback(Object.assign(new Error("4.3.2 Try again later"), { responseCode: 421 }));
        }
        callback();
      },
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            received.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
  }

  async function listen() {
    server = create();
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(listeningPort, "127.0.0.1", () => resolve());
    });
    listeningPort = (server.server.address() as { port: number }).port;
  }

  async function close() {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  }

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${listeningPort}`;
    },
    received,
    to: (address: string) =>
      received.filter((mail) =>
        (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) =>
          to?.value.some((value) => value.address?.toLowerCase() === address.toLowerCase()),
        ),
      ),
    /** Answers 550 (no such mailbox) for this address. */
    refuseMailbox: (address: string) => noSuchMailbox.add(address.toLowerCase()),
    acceptMailbox: (address: string) => noSuchMailbox.delete(address.toLowerCase()),
    /** Answers 421 (try later) to the next `times` recipients. */
    refuseTemporarily: (times: number) => (refuseFor = times),
    /** The outage: nothing listens on the port. */
    down: close,
    /** Back on the same port. */
    up: listen,
    close,
  };
}
