package io.crosscheck.cli;

import io.crosscheck.k8s.K8sManifests;
import io.crosscheck.k8s.ManifestDirectory;
import io.crosscheck.k8s.ShardJobPlan;
import io.crosscheck.k8s.ShardJobRequest;
import io.crosscheck.model.Target;
import io.crosscheck.model.spec.Problem;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code crosscheck k8s}: writes the Kubernetes manifests that run one seeded workload as N shards
 * of an Indexed Job (one pod per shard, all starting at one wall-clock instant, shard run
 * directories on a shared volume) and the Job that merges them ({@link K8sManifests}). Nothing is
 * sent to a cluster. The run options after {@code --} are checked by the run command's own parser
 * first ({@link K8sRunOptions}); every problem is listed and nothing is written when there is one.
 * The start instant comes from {@code --start-at}, or from the wall clock now plus {@code
 * --start-in} ({@link #clock}, replaceable in tests).
 */
@Command(
    name = "k8s",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Writes Kubernetes manifests that run a workload as N shards of an Indexed Job (completionMode"
          + " Indexed, shard index from JOB_COMPLETION_INDEX), all starting at one instant, each writing"
          + " its shard run directory on a shared ReadWriteMany volume, and a Job that merges them;"
          + " README.txt in --out lists the kubectl commands in order. Nothing is sent to a cluster.",
      "The run options after -- are checked now, with crosscheck run's parser (audit's with --audit); all problems"
          + " are listed together. The target is the one they name: a Service (--target http://NAME.NAMESPACE:PORT)"
          + " or any address the pods reach, resolved once in each pod at its start; nothing is sent while the"
          + " manifests are written. No source addresses are needed on Kubernetes: each pod has its own IP address."
          + " Files the run options name (--url-file, --wsesslog, --rubis FILE, --replay, ...) are read in the pod:"
          + " put them in the image or on the volume, at the same path.",
      "With --audit each shard runs crosscheck audit, capturing its own traffic in its pod (the shard container gets"
          + " the NET_RAW capability, nothing privileged), and the merge Job writes findings.json over every shard.",
      "Example: crosscheck k8s --shards 4 --image registry.example/crosscheck:0.1.0 --audit -- --target"
          + " http://web.shop:8080 --users 400 --duration 5m"
    })
final class K8sCommand implements Callable<Integer> {
  @Option(names = "--shards", paramLabel = "N", required = true,
      description = "Shards, one pod each (completions and parallelism of the Job), 1.." + ShardJobPlan.MAX_SHARDS + ".")
  int shards;

  @Option(names = "--image", paramLabel = "IMAGE", required = true,
      description = "The container image with crosscheck on its PATH (k8s/Dockerfile builds one).")
  String image;

  @Option(names = "--name", paramLabel = "NAME",
      description = "The Job's name and the run's directory on the volume (/runs/NAME); lowercase letters, digits"
          + " and '-', at most " + ShardJobPlan.MAX_NAME_CHARS + " characters. Default: ${DEFAULT-VALUE}.")
  String name = "crosscheck";

  @Option(names = "--namespace", paramLabel = "NS",
      description = "The namespace of every object. Default: the one kubectl's context selects.")
  String namespace;

  @Option(names = "--claim", paramLabel = "PVC_NAME",
      description = "An existing ReadWriteMany PersistentVolumeClaim to mount at /runs. Default: pvc.yaml makes"
          + " one, NAME-runs.")
  String claim;

  @Option(names = "--storage", paramLabel = "SIZE",
      description = "The size pvc.yaml requests (without --claim). Default: ${DEFAULT-VALUE}.")
  String storage = "10Gi";

  @Option(names = "--storage-class", paramLabel = "CLASS",
      description = "The storage class pvc.yaml asks for (one offering ReadWriteMany). Default: the cluster's.")
  String storageClass;

  @Option(names = "--start-at", paramLabel = "INSTANT",
      description = "The instant every shard starts at, ISO-8601 (2026-11-24T01:00:00Z); in the future.")
  String startAt;

  @Option(names = "--start-in", paramLabel = "DURATION",
      description = "Without --start-at: start this long after the manifests are written (the instant is"
          + " printed and written into them). Default: ${DEFAULT-VALUE}.")
  String startIn = "2m";

  @Option(names = "--cpu", paramLabel = "CPU",
      description = "Each shard's CPU request and limit (1, 0.5, 1500m). Default: ${DEFAULT-VALUE}.")
  String cpu = "1";

  @Option(names = "--heap", paramLabel = "SIZE",
      description = "Each shard's JVM heap (-Xms and -Xmx, young generation two thirds of it), as -Xmx takes it."
          + " Default: ${DEFAULT-VALUE}, as the launcher's.")
  String heap = "1536m";

  @Option(names = "--memory", paramLabel = "SIZE",
      description = "Each shard's memory request and limit, at least the heap + 256Mi. Default: the heap + 512Mi.")
  String memory;

  @Option(names = "--audit",
      description = "Each shard runs crosscheck audit instead of run: a live capture of its own traffic in its pod"
          + " (capture.pcap in its shard directory; the shard container gets the NET_RAW capability, nothing"
          + " privileged; on the interface the pod's route to the target leaves by, as audit chooses it, unless"
          + " --interface is given after --), and crosscheck merge writes findings.json over every shard. Audit's options"
          + " (--snaplen, --min-matched, ...) may then follow --.")
  boolean audit;

  @Option(names = "--serve",
      description = "Each shard pod also runs the embedded server (crosscheck serve --port PORT, PORT the target's) as a"
          + " native sidecar (Kubernetes 1.29+), started before the shard, on the pod's loopback: the run's target is"
          + " then http://127.0.0.1:PORT. Without it, the target is a server outside the pods (a Service)."
          + " The server gets the shard's --cpu, --memory and --heap. Default: no server in the pods.")
  boolean serve;

  @Option(names = "--serve-opt", paramLabel = "OPTION",
      description = "With --serve: an option of crosscheck serve, repeatable; write it with '=' when it starts with"
          + " '-': --serve-opt=--rubis --serve-opt=--demand=exp:2ms.")
  List<String> serveOpts = new ArrayList<>();

  @Option(names = "--out", paramLabel = "DIR",
      description = "The directory to write the manifests into, new or empty. Default: k8s-NAME.")
  Path out;

  @Mixin K8sRunOptions runOptions = new K8sRunOptions();

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  /** The wall clock --start-in counts from. */
  Clock clock = Clock.systemUTC();

  @Override
  public Integer call() throws IOException {
    List<String> problems = new ArrayList<>();
    ShardJobRequest request = request();
    Instant start = request.start(clock.instant(), problems);
    K8sRunOptions.Checked run = K8sRunOptions.check(runOptions.runArgs, audit);
    List<String> serveArgs = serveArgs(run.target(), problems);
    ShardJobPlan plan = request.plan(start, serveArgs, run.target(), problems);
    Path dir = out != null ? out : Path.of("k8s-" + name);
    String dirProblem = ManifestDirectory.problem(dir);
    if (dirProblem != null) {
      problems.add(new Problem("--out", dir.toString(), dirProblem).message());
    }
    PrintWriter err = spec.commandLine().getErr();
    if (!problems.isEmpty() || !run.problems().isEmpty()) {
      err.println("crosscheck k8s: nothing was written:");
      problems.forEach(p -> err.println("  " + p));
      if (!run.problems().isEmpty()) {
        err.println("  the run options (after --):");
        run.problems().forEach(p -> err.println("    " + p));
      }
      err.println("See: crosscheck k8s --help");
      err.flush();
      return 2;
    }
    Map<String, String> files = K8sManifests.render(plan);
    ManifestDirectory.write(dir, files);
    PrintWriter o = spec.commandLine().getOut();
    o.println("crosscheck k8s: " + plan.shards() + " shards of run \"" + plan.name() + "\" start at " + plan.startAt()
        + (startAt == null ? " (--start-in " + startIn + " from now: apply job.yaml well before then)" : ""));
    o.println("crosscheck k8s: wrote " + String.join(", ", files.keySet()) + " into " + dir
        + "; the kubectl commands are in " + dir.resolve(K8sManifests.README));
    o.println("crosscheck k8s: each shard " + (audit ? "audits" : "loads") + " " + run.target() + (serve
        ? ", its pod's loopback: each pod runs crosscheck " + String.join(" ", serveArgs) + " beside its shard"
        : ", which must be up and reachable from the pods at the start instant (its name resolved once in each pod,"
            + " at its start; nothing was sent to it now)")
        + (audit ? "; each shard captures in its pod (NET_RAW) on the interface its route to the"
        + " target leaves by, and the merge Job writes findings.json over every shard" : ""));
    o.flush();
    return 0;
  }

  /**
   * The embedded server's arguments with --serve ({@code serve --port PORT OPTIONS}), checked by the serve
   * command's parser; null without --serve or after adding a problem.
   */
  private List<String> serveArgs(Target target, List<String> problems) {
    if (!serve) {
      if (!serveOpts.isEmpty()) {
        problems.add(new Problem("--serve-opt", serveOpts.get(0), "--serve as well (it is an option of the server"
            + " --serve runs in each pod)").message());
      }
      return null;
    }
    int before = problems.size();
    for (String opt : serveOpts) {
      String optName = opt.contains("=") ? opt.substring(0, opt.indexOf('=')) : opt;
      if (optName.equals("--port") || optName.equals("--bind")) {
        problems.add(new Problem("--serve-opt", opt, "no --port or --bind: the server listens where the run's target"
            + " is").message());
      }
    }
    if (target != null && !target.host().equals("127.0.0.1")) {
      problems.add(new Problem("--serve", target.toString(), "a run --target on 127.0.0.1, where the embedded server"
          + " listens in each pod (without --serve, the target is a server outside the pods, e.g. a Service)")
          .message());
    }
    List<String> args = new ArrayList<>(List.of("serve", "--port", Integer.toString(target == null ? 0
        : target.port())));
    args.addAll(serveOpts);
    CommandLine top = Main.commandLine();
    List<Exception> errors = K8sRunOptions.parseErrors(top, args);
    for (Exception e : errors) {
      problems.add(new Problem("--serve-opt", String.join(" ", serveOpts), "options of crosscheck serve ("
          + e.getMessage() + ")").message());
    }
    if (errors.isEmpty()) {
      // the values, as serve checks them before it listens: a bad one would fail in every pod
      List<Problem> values = new ArrayList<>();
      top.getSubcommands().get("serve").<ServeCommand>getCommand().check(values);
      values.forEach(p -> problems.add(new Problem("--serve-opt", p.where() + (p.value() == null
          || p.value().equals("given") ? "" : "=" + p.value()), p.expected()).message()));
    }
    return problems.size() > before ? null : args;
  }

  /** The options as the k8s package takes them. */
  ShardJobRequest request() {
    return new ShardJobRequest(shards, image, name, namespace, claim, storage, storageClass, startAt, startIn,
        spec.commandLine().getParseResult().hasMatchedOption("--start-in"), cpu, heap, memory, audit, serve,
        runOptions.runArgs);
  }
}
