import { Kafka, logLevel } from 'kafkajs';

/** One message of the relay's topic, as a consumer sees it. */
export interface TopicMessage {
  partition: number;
  offset: bigint;
  key: string;
  eventId: string;
  streamId: string;
  revision: number;
}

export interface ConsumedRun {
  messages: TopicMessage[];
  /** The offset each partition starts at for the next consumer of the group (what was committed). */
  committed: Map<number, bigint>;
}

/**
 * Reads the topic as a consumer of `groupId`, from the group's committed offsets (the start for a new
 * group), until it has `stopAfter` messages or reached every partition's end; commits what it processed
 * (offset + 1 of the last message per partition) and leaves.
 */
export async function consumeAndCommit(
  brokers: string,
  topic: string,
  groupId: string,
  stopAfter: number,
  timeoutMs = 60_000,
): Promise<ConsumedRun> {
  const kafka = new Kafka({ clientId: `topology-${groupId}`, brokers: brokers.split(','), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const ends = new Map<number, bigint>(
    (await admin.fetchTopicOffsets(topic)).map((p) => [p.partition, BigInt(p.high)]),
  );
  await admin.disconnect();
  // Where the group resumes: its committed offsets (-1, nothing committed, reads from the start).
  const next = new Map([...(await committedOffsets(kafka, groupId, topic))].map(([p, o]) => [p, o < 0n ? 0n : o]));

  const consumer = kafka.consumer({ groupId, sessionTimeout: 10_000, heartbeatInterval: 1000 });
  const messages: TopicMessage[] = [];
  const reachedEnd = (): boolean => [...ends].every(([p, high]) => (next.get(p) ?? 0n) >= high);
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  await consumer.connect();
  try {
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        if (messages.length >= stopAfter) return;
        const value = JSON.parse(message.value?.toString('utf8') ?? '{}') as { streamId: string; revision: number };
        messages.push({
          partition,
          offset: BigInt(message.offset),
          key: message.key?.toString('utf8') ?? '',
          eventId: message.headers?.['event-id']?.toString() ?? '',
          streamId: value.streamId,
          revision: value.revision,
        });
        next.set(partition, BigInt(message.offset) + 1n);
        if (messages.length >= stopAfter || reachedEnd()) done();
      },
    });
    // Already at the end (nothing left for this group): kafkajs calls nothing then.
    if (reachedEnd()) done();
    const timer = setTimeout(done, timeoutMs);
    const poll = setInterval(() => {
      if (reachedEnd()) done();
    }, 500);
    await finished;
    clearTimeout(timer);
    clearInterval(poll);
    await consumer.commitOffsets(
      [...next].map(([partition, offset]) => ({ topic, partition, offset: offset.toString() })),
    );
  } finally {
    await consumer.disconnect();
  }
  const committed = await committedOffsets(kafka, groupId, topic);
  return { messages, committed };
}

/** The group's committed offsets; retried while the broker still elects the group's coordinator (a new broker). */
async function committedOffsets(kafka: Kafka, groupId: string, topic: string): Promise<Map<number, bigint>> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const [offsets] = await admin.fetchOffsets({ groupId, topics: [topic] });
        return new Map((offsets?.partitions ?? []).map((p) => [p.partition, BigInt(p.offset)]));
      } catch (error) {
        if (attempt >= 60 || !(error as { retriable?: boolean }).retriable) throw error;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } finally {
    await admin.disconnect();
  }
}
