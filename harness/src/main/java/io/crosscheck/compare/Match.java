package io.crosscheck.compare;

import io.crosscheck.record.RequestRecord;
import io.crosscheck.wire.WireExchange;

/**
 * A generator's record joined to the wire exchange that carried it.
 *
 * @param record what the generator reported
 * @param exchange what the capture shows
 * @param byConnection true when joined by connection identity and order, false when by URL and
 *     nearest time (generators that do not report their connection)
 */
public record Match(RequestRecord record, WireExchange exchange, boolean byConnection) {}
