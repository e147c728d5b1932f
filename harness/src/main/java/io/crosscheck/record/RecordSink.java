package io.crosscheck.record;

/**
 * Where engines hand finished request records. Implementations must accept calls from any thread
 * and must not block the caller for I/O (engines call it from event loops).
 */
@FunctionalInterface
public interface RecordSink {
  void accept(RequestRecord record);
}
