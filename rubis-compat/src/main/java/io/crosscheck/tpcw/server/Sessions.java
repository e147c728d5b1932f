package io.crosscheck.tpcw.server;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Server-side sessions, the servlet container's {@code jsessionid} kept in URLs (never cookies): a
 * session remembers the customer and cart its requests named, so a request that omits C_ID or
 * SHOPPING_ID still gets them. Ids are {@code S} and a number. At most {@code maxSessions} are
 * held, least recently used dropped first; a request naming an unknown or dropped id gets a fresh
 * session under that id (as the RBE keeps its id for a whole user session). Thread-safe.
 */
final class Sessions {
  /** One session's state; fields are written by whichever request names them last. */
  static final class State {
    private final String id;
    private volatile Integer customerId;
    private volatile Integer shoppingId;

    State(String id) {
      this.id = id;
    }

    String id() {
      return id;
    }

    Integer customerId() {
      return customerId;
    }

    Integer shoppingId() {
      return shoppingId;
    }

    void customerId(Integer id) {
      customerId = id;
    }

    void shoppingId(Integer id) {
      shoppingId = id;
    }
  }

  private final int maxSessions;
  private final AtomicLong created = new AtomicLong();
  private final LinkedHashMap<String, State> sessions;

  Sessions(int maxSessions) {
    this.maxSessions = maxSessions;
    this.sessions = new LinkedHashMap<>(256, 0.75f, true) {
      private static final long serialVersionUID = 1L;

      @Override
      protected boolean removeEldestEntry(Map.Entry<String, State> eldest) {
        return size() > Sessions.this.maxSessions;
      }
    };
  }

  /** A new session with a fresh id. */
  State create() {
    State s = new State("S" + (1000 + created.incrementAndGet()));
    synchronized (sessions) {
      sessions.put(s.id(), s);
    }
    return s;
  }

  /** Session {@code id}, made afresh when unknown. */
  State resume(String id) {
    synchronized (sessions) {
      return sessions.computeIfAbsent(id, State::new);
    }
  }

  /** Sessions the server created (first requests without an id). */
  long created() {
    return created.get();
  }

  /** Sessions held now. */
  int held() {
    synchronized (sessions) {
      return sessions.size();
    }
  }
}
