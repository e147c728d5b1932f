package io.crosscheck.server;

import java.io.PrintStream;

/**
 * The parts of one {@link EmbeddedServer} that all its connections share: generated content, the
 * responders, the demand and how it is spent, the counters and the optional request log ({@code
 * null} when requests are not logged). All parts are thread-safe.
 */
record ServerParts(
    ContentResponder content,
    FaultResponder faults,
    ServiceDemand demand,
    DemandExecutor demandExecutor,
    ServerCounters counters,
    PrintStream log,
    int workers,
    int queueCapacity) {}
