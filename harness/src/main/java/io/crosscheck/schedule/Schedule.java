package io.crosscheck.schedule;

import io.crosscheck.model.Arrival;
import io.crosscheck.model.Digests;
import io.crosscheck.model.RequestPlan;
import io.crosscheck.model.SessionLength;
import io.crosscheck.model.SessionSource;
import io.crosscheck.model.ThinkTime;
import io.crosscheck.model.Workload;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Iterator;
import java.util.HexFormat;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;

/**
 * The seeded, replayable schedule of a {@link Workload}: session contents, think times and arrival
 * instants. Every method is a pure function of the workload (seed included) and its arguments, so
 * engines may ask in any order, from any thread, and all engines see identical work.
 *
 * <p>A schedule may be one {@link ShardSpec shard} of the seeded schedule ({@link #shard}): it then
 * hands engines only the closed users and arrivals that shard owns ({@link #closedUsers()}, {@link
 * #arrivals()}, {@link #ownArrivingSession}), with their global session ids and offsets; {@link
 * #digest()} stays the whole schedule's, {@link #shardDigest()} covers the shard's own part.
 *
 * <p>Thread-safe (immutable).
 */
public final class Schedule {
  /** Sessions per closed user that the digest covers when the user's session count is unbounded. */
  static final int DIGEST_SESSIONS_PER_UNBOUNDED_USER = 4;
  /** At most this many arriving sessions enter the digest. */
  static final int DIGEST_MAX_ARRIVALS = 200_000;

  private final Workload workload;
  private final ShardSpec shard;

  private Schedule(Workload workload, ShardSpec shard) {
    this.workload = workload;
    this.shard = java.util.Objects.requireNonNull(shard, "shard");
  }

  /** The whole schedule (shard 0/1). */
  public static Schedule of(Workload workload) {
    return new Schedule(workload, ShardSpec.ALL);
  }

  /** Shard {@code index} (0-based) of {@code count} of this workload's schedule. */
  public Schedule shard(int index, int count) {
    return shard(new ShardSpec(index, count));
  }

  /** The given shard of this workload's schedule. */
  public Schedule shard(ShardSpec spec) {
    return new Schedule(workload, spec);
  }

  /** Which shard this is ({@link ShardSpec#ALL} for the whole schedule). */
  public ShardSpec shardSpec() {
    return shard;
  }

  public Workload workload() {
    return workload;
  }

  /**
   * The closed users this shard runs, ascending: {@code index, index + count, ...} below the
   * workload's user count (every user for the whole schedule).
   */
  public int[] closedUsers() {
    Arrival.Closed closed = (Arrival.Closed) workload.arrival();
    int n = closed.users() <= shard.index() ? 0 : (closed.users() - shard.index() + shard.count() - 1) / shard.count();
    int[] users = new int[n];
    for (int i = 0; i < n; i++) {
      users[i] = shard.index() + i * shard.count();
    }
    return users;
  }

  /** The closed model's session id of user {@code user}'s {@code k}-th session. */
  public long closedSessionId(int user, long k) {
    Arrival.Closed closed = (Arrival.Closed) workload.arrival();
    return user + k * closed.users();
  }

  /** The closed model's k-th session (0-based) of {@code user}. */
  public SessionPlan closedSession(int user, long k) {
    return plan(closedSessionId(user, k), user, -1);
  }

  /**
   * When closed user {@code user} starts its first session, in nanoseconds from the run's start:
   * users are spread evenly over the ramp-up window (all at 0 without ramp-up), or all at 0 when
   * the workload says {@link Arrival.UserStarts#ALL_AT_ONCE} (the RUBiS client).
   */
  public long closedUserStartOffsetNanos(int user) {
    Arrival.Closed closed = (Arrival.Closed) workload.arrival();
    if (closed.starts() == Arrival.UserStarts.ALL_AT_ONCE) {
      return 0;
    }
    long rampUpNanos = workload.phases().rampUpNanos();
    try {
      return Math.multiplyExact(rampUpNanos, (long) user) / closed.users();
    } catch (ArithmeticException e) {
      // hours of ramp-up times a million users overflows a long; the exact quotient still fits
      return java.math.BigInteger.valueOf(rampUpNanos)
          .multiply(java.math.BigInteger.valueOf(user))
          .divide(java.math.BigInteger.valueOf(closed.users()))
          .longValueExact();
    }
  }

  /**
   * A new sequence of this shard's arrival instants (open and partly-open models); its k-th
   * arrival's session is {@link #ownArrivingSession}(k, offset).
   */
  public ArrivalSequence arrivals() {
    return new ArrivalSequence(arrivalProcess(), workload.seed(), shard);
  }

  /**
   * The session of this shard's {@code localIndex}-th (0-based) own arrival: the schedule's arrival
   * {@link ShardSpec#globalArrivalIndex}(localIndex), with its global session id.
   */
  public SessionPlan ownArrivingSession(long localIndex, long arrivalOffsetNanos) {
    return arrivingSession(shard.globalArrivalIndex(localIndex), arrivalOffsetNanos);
  }

  /** The session that arrives as the {@code index}-th arrival (open and partly-open models). */
  public SessionPlan arrivingSession(long index, long arrivalOffsetNanos) {
    return plan(index, (int) Math.min(index, Integer.MAX_VALUE), arrivalOffsetNanos);
  }

  private io.crosscheck.model.ArrivalProcess arrivalProcess() {
    if (workload.arrival() instanceof Arrival.Open o) {
      return o.process();
    }
    if (workload.arrival() instanceof Arrival.PartlyOpen p) {
      return p.process();
    }
    throw new IllegalStateException("a closed workload has no arrival process");
  }

  private SessionPlan plan(long sessionId, int userId, long arrivalOffsetNanos) {
    SessionSource source = workload.source();
    boolean single = workload.arrival() instanceof Arrival.Open;
    if (source instanceof SessionSource.Scripted scripted) {
      SplittableRandom random = sessionRandom(sessionId);
      return SessionPlan.scripted(sessionId, userId, arrivalOffsetNanos,
          scripted.factory().create(sessionId, random.nextLong()));
    }
    if (source instanceof SessionSource.UrlList list) {
      int length = single ? 1 : drawLength(sessionRandom(sessionId));
      return new SessionPlan(sessionId, userId, arrivalOffsetNanos, length,
          () -> new UrlListRequests(list, sessionId, single, length), null);
    }
    List<SessionSource.WsSession> explicit = source instanceof SessionSource.WsessLog log ? log.sessions()
        : source instanceof SessionSource.Recorded recorded ? recorded.sessions() : null;
    if (explicit != null) {
      SessionSource.WsSession session =
          explicit.get((int) Long.remainderUnsigned(sessionId, explicit.size()));
      int length = single ? 1 : session.requests().size();
      return new SessionPlan(sessionId, userId, arrivalOffsetNanos, length,
          () -> new WsessRequests(session, sessionId, length), null);
    }
    return new SessionPlan(sessionId, userId, arrivalOffsetNanos, List.of());
  }

  private SplittableRandom sessionRandom(long sessionId) {
    return Seeds.stream(workload.seed(), Seeds.SESSIONS, sessionId);
  }

  /**
   * A session's requests, drawn in order from the session's seeded stream as the engine asks for
   * them: constant memory whatever the length. Subclasses draw request {@code seq}.
   */
  private abstract class SessionRequests implements Iterator<RequestPlan> {
    final int length;
    final SplittableRandom random;
    private int next;

    SessionRequests(long sessionId, int length) {
      this.length = length;
      this.random = sessionRandom(sessionId);
    }

    @Override
    public final boolean hasNext() {
      return next < length;
    }

    @Override
    public final RequestPlan next() {
      if (next >= length) {
        throw new NoSuchElementException();
      }
      return draw(next++);
    }

    abstract RequestPlan draw(int seq);
  }

  /** A URL-list session: path (when random), then think time, after the session's length draw. */
  private final class UrlListRequests extends SessionRequests {
    private final SessionSource.UrlList list;
    private final long sessionId;
    private final boolean single;

    UrlListRequests(SessionSource.UrlList list, long sessionId, boolean single, int length) {
      super(sessionId, length);
      this.list = list;
      this.sessionId = sessionId;
      this.single = single;
      if (!single) {
        drawLength(random); // the same stream position as when the length was drawn
      }
    }

    @Override
    RequestPlan draw(int seq) {
      // an open arrival is a one-request session: cycle the list across arrivals, otherwise
      // every arrival would request the first path
      long position = single ? sessionId : seq;
      List<String> paths = list.paths();
      String path = list.random()
          ? paths.get(random.nextInt(paths.size()))
          : paths.get((int) Long.remainderUnsigned(position, paths.size()));
      return new RequestPlan(seq, "GET", path, "", seq == 0 ? 0 : drawThink(random, path), false);
    }
  }

  /** A wsesslog session: its think times drawn where the log leaves them open. */
  private final class WsessRequests extends SessionRequests {
    private final SessionSource.WsSession session;
    private long pendingThink;

    WsessRequests(SessionSource.WsSession session, long sessionId, int length) {
      super(sessionId, length);
      this.session = session;
    }

    @Override
    RequestPlan draw(int seq) {
      SessionSource.WsRequest r = session.requests().get(seq);
      long think = seq == 0 || r.burstWithPrevious() ? 0 : pendingThink;
      if (!r.burstWithPrevious()) {
        pendingThink = r.thinkAfterNanos() >= 0 ? r.thinkAfterNanos() : -1;
      }
      if (think < 0) {
        think = drawThink(random, r.path());
      }
      return new RequestPlan(seq, r.method(), r.path(), r.body(), think, seq > 0 && r.burstWithPrevious());
    }
  }

  private int drawLength(SplittableRandom random) {
    SessionLength length = workload.length();
    if (length instanceof SessionLength.Fixed f) {
      return f.requests();
    }
    SessionLength.Geometric g = (SessionLength.Geometric) length;
    int n = 1;
    while (n < g.maxRequests() && random.nextDouble() < g.stayProbability()) {
      n++;
    }
    return n;
  }

  private long drawThink(SplittableRandom random, String path) {
    return drawThink(workload.thinkTime(), random, path);
  }

  /** One think-time draw in nanoseconds; {@code state} selects per-state values. */
  static long drawThink(ThinkTime think, SplittableRandom random, String state) {
    if (think instanceof ThinkTime.None) {
      return 0;
    }
    if (think instanceof ThinkTime.Fixed f) {
      return f.nanos();
    }
    if (think instanceof ThinkTime.Exponential e) {
      return Math.round(Seeds.exponential(random, e.meanNanos()));
    }
    if (think instanceof ThinkTime.Uniform u) {
      // an integer draw: the double product could round up to max + 1 for wide ranges
      return u.minNanos() + random.nextLong(u.maxNanos() - u.minNanos() + 1);
    }
    ThinkTime.PerState table = (ThinkTime.PerState) think;
    int query = state.indexOf('?');
    Long value = table.nanosByState().get(query < 0 ? state : state.substring(0, query));
    return value != null ? value : drawThink(table.fallback(), random, state);
  }

  /**
   * SHA-256 (hex) over the workload definition and the canonical prefix of the whole schedule (every
   * shard's digest is the unsharded one): for a closed model every user's sessions (the first
   * {@value #DIGEST_SESSIONS_PER_UNBOUNDED_USER} when unbounded); otherwise every arrival (instant
   * and session) within the run's total duration, at most {@value #DIGEST_MAX_ARRIVALS}. Equal
   * digests mean identical work in every engine.
   */
  public String digest() {
    return shard.all() ? digestOf(this) : digestOf(of(workload));
  }

  /**
   * As {@link #digest()}, computed the same way over this shard's own sessions only (in canonical
   * order); equal to {@link #digest()} for the whole schedule.
   */
  public String shardDigest() {
    return digestOf(this);
  }

  private static String digestOf(Schedule s) {
    MessageDigest sha = Digests.sha256();
    Workload workload = s.workload;
    update(sha, workload.toString());
    if (workload.source() instanceof SessionSource.Scripted) {
      // a scripted session's requests depend on replies: the script's description (in the workload's
      // text) and the seed are the work; arrival instants still count, scripts are not created
      if (!(workload.arrival() instanceof Arrival.Closed)) {
        s.forEachDigestedArrival((i, offset) -> update(sha, Long.toString(offset)));
      }
      return HexFormat.of().formatHex(sha.digest());
    }
    s.forEachDigestedSession(plan -> update(sha, plan.toString()));
    return HexFormat.of().formatHex(sha.digest());
  }

  /** Visits, in canonical order, the sessions of this shard that {@link #shardDigest()} covers. */
  public void forEachDigestedSession(java.util.function.Consumer<SessionPlan> visitor) {
    if (workload.arrival() instanceof Arrival.Closed closed) {
      int perUser =
          closed.sessionsPerUser() > 0 ? closed.sessionsPerUser() : DIGEST_SESSIONS_PER_UNBOUNDED_USER;
      for (int u : closedUsers()) {
        for (int k = 0; k < perUser; k++) {
          visitor.accept(closedSession(u, k));
        }
      }
      return;
    }
    forEachDigestedArrival((i, offset) -> visitor.accept(arrivingSession(i, offset)));
  }

  /** An arrival the digest covers: its global index and offset in nanoseconds. */
  @FunctionalInterface
  private interface ArrivalVisitor {
    void visit(long globalIndex, long offsetNanos);
  }

  /**
   * This shard's arrivals among the first {@value #DIGEST_MAX_ARRIVALS} of the whole sequence within
   * the run's total duration: the same cut for every shard, so the shards' union is the whole's.
   */
  private void forEachDigestedArrival(ArrivalVisitor visitor) {
    ArrivalSequence arrivals = new ArrivalSequence(arrivalProcess(), workload.seed());
    long horizon = workload.phases().totalNanos();
    for (long i = 0; i < DIGEST_MAX_ARRIVALS; i++) {
      long offset = arrivals.nextOffsetNanos();
      if (offset == ArrivalSequence.NONE || offset >= horizon) {
        return;
      }
      if (shard.ownsArrival(i)) {
        visitor.visit(i, offset);
      }
    }
  }

  private static void update(MessageDigest sha, String text) {
    sha.update(text.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) '\n');
  }
}
