package io.crosscheck.k8s;

import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Durations;
import io.crosscheck.model.spec.Problem;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * The options of {@code crosscheck k8s} as given (text), checked together into a {@link ShardJobPlan}:
 * the start instant, the names, the image and the pods' resources. Each component is the option of the
 * same name; {@code startInGiven} whether {@code --start-in} was given (it has a default), {@code
 * runArgs} the run options after {@code --} (checked by the command line, which parses them).
 */
public record ShardJobRequest(int shards, String image, String name, String namespace, String claim, String storage,
    String storageClass, String startAt, String startIn, boolean startInGiven, String cpu, String heap,
    String memory, boolean audit, boolean serve, List<String> runArgs) {
  /** The common start instant ({@code now}: the wall clock's), or null after adding a problem. */
  public Instant start(Instant now, List<String> problems) {
    if (startAt != null) {
      if (startInGiven) {
        problems.add(new Problem("--start-in", startIn, "either --start-at or --start-in, not both").message());
        return null;
      }
      Instant at;
      try {
        at = OffsetDateTime.parse(startAt).toInstant();
      } catch (DateTimeParseException e) {
        problems.add(new Problem("--start-at", startAt, "an ISO-8601 instant with its offset, e.g."
            + " 2026-11-24T01:00:00Z").message());
        return null;
      }
      if (!at.isAfter(now)) {
        problems.add(new Problem("--start-at", startAt, "an instant in the future (now is "
            + now.truncatedTo(ChronoUnit.SECONDS) + ")").message());
        return null;
      }
      return at;
    }
    long nanos = -1;
    try {
      nanos = Durations.parseNanos(startIn);
    } catch (IllegalArgumentException e) {
      // below
    }
    if (nanos <= 0 || nanos > Durations.MAX_RUN_NANOS) {
      problems.add(new Problem("--start-in", startIn, "a duration > 0 with a unit, e.g. 2m").message());
      return null;
    }
    // whole seconds, rounded up: the instant is read and typed by people (README, kubectl)
    Instant at = now.plusNanos(nanos);
    Instant whole = at.truncatedTo(ChronoUnit.SECONDS);
    return whole.equals(at) ? whole : whole.plusSeconds(1);
  }

  /** The plan of the checked options, or null when a problem was added. */
  public ShardJobPlan plan(Instant start, List<String> serveArgs, Target target, List<String> problems) {
    int before = problems.size();
    if (shards < 1 || shards > ShardJobPlan.MAX_SHARDS) {
      problems.add(new Problem("--shards", Integer.toString(shards), "1.." + ShardJobPlan.MAX_SHARDS).message());
    }
    if (!Quantities.isLabel(name, ShardJobPlan.MAX_NAME_CHARS)) {
      problems.add(new Problem("--name", name, "lowercase letters, digits and '-', starting and ending with a letter"
          + " or digit, at most " + ShardJobPlan.MAX_NAME_CHARS + " characters (a Kubernetes name)").message());
    }
    if (image.isBlank() || !image.chars().allMatch(c -> c > ' ' && c < 0x7f)) {
      problems.add(new Problem("--image", image, "an image reference without spaces, e.g."
          + " registry.example/crosscheck:0.1.0").message());
    }
    if (namespace != null && !Quantities.isLabel(namespace, 63)) {
      problems.add(new Problem("--namespace", namespace, "a Kubernetes namespace name (lowercase letters, digits"
          + " and '-', at most 63 characters)").message());
    }
    if (claim != null && !Quantities.isSubdomain(claim)) {
      problems.add(new Problem("--claim", claim, "a PersistentVolumeClaim name (lowercase letters, digits, '-'"
          + " and '.', at most 253 characters)").message());
    }
    if (storageClass != null && !Quantities.isSubdomain(storageClass)) {
      problems.add(new Problem("--storage-class", storageClass, "a storage class name").message());
    }
    if (Quantities.memoryBytes(storage) <= 0) {
      problems.add(new Problem("--storage", storage, "a size such as 10Gi").message());
    }
    if (Quantities.cpuMillis(cpu) <= 0) {
      problems.add(new Problem("--cpu", cpu, "a CPU quantity > 0: 1, 0.5 or 1500m").message());
    }
    long heapMebibytes = Quantities.heapMebibytes(heap);
    if (heapMebibytes < 64) {
      problems.add(new Problem("--heap", heap, "a heap of at least 64m, as -Xmx takes it: 1536m, 2g").message());
    }
    String mem = memory;
    if (mem == null) {
      mem = heapMebibytes < 64 ? null : Quantities.defaultMemory(heapMebibytes);
    } else if (Quantities.memoryBytes(mem) <= 0) {
      problems.add(new Problem("--memory", mem, "a memory quantity such as 2Gi or 2048Mi").message());
    } else if (heapMebibytes >= 64 && Quantities.memoryBytes(mem) < Quantities.minimumMemoryBytes(heapMebibytes)) {
      problems.add(new Problem("--memory", mem, "at least the heap + 256Mi (" + (heapMebibytes + 256) + "Mi for --heap "
          + heap + "): the JVM needs room beyond its heap").message());
    }
    if (problems.size() > before || start == null) {
      return null;
    }
    if (serve && (serveArgs == null || target == null)) {
      return null;
    }
    return new ShardJobPlan(name, namespace, image, shards, start, claim, storage, storageClass, cpu, mem,
        heapMebibytes, runArgs, serveArgs, serve ? target.port() : 0, audit);
  }
}
