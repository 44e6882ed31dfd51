-- The support desk: a ticket may wait on its customer, has a thread of replies, and may come
-- from a visitor's contact form (a name and an e-mail instead of an account).
ALTER TYPE "SupportRequestStatus" ADD VALUE 'waiting_on_customer';

ALTER TABLE "SupportRequest" ADD COLUMN "name" TEXT,
ADD COLUMN "email" TEXT,
ADD COLUMN "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

CREATE TABLE "SupportReply" (
    "id" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "fromSupport" BOOLEAN NOT NULL,
    "authorId" TEXT,
    "body" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SupportReply_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "SupportReply_requestId_createdAt_idx" ON "SupportReply"("requestId", "createdAt");
CREATE INDEX "SupportRequest_status_updatedAt_idx" ON "SupportRequest"("status", "updatedAt");

ALTER TABLE "SupportReply" ADD CONSTRAINT "SupportReply_requestId_fkey" FOREIGN KEY ("requestId") REFERENCES "SupportRequest"("id") ON DELETE CASCADE ON UPDATE CASCADE;
