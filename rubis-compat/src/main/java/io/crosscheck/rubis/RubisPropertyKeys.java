package io.crosscheck.rubis;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every key the RUBiS 1.4.x client reads from {@code rubis.properties} (it needs all of them, or it
 * stops), in file order, with the kind of value and what a user should write; and the older key
 * names of pre-1.4 property files (the shipped PHP example) with the key that replaced each.
 */
final class RubisPropertyKeys {
  /** How a value is checked. */
  enum Kind { TEXT, PORT, POSITIVE, NON_NEGATIVE, FACTOR, PERCENT, YES_NO, VERSION, FILE }

  /** One key: its kind and the expectation shown when it is missing or malformed. */
  record Key(String name, Kind kind, String expected) {}

  static final Map<String, Key> KEYS = new LinkedHashMap<>();
  /** Older key name → the 1.4.x name that replaced it. */
  static final Map<String, String> OLD_NAMES = new LinkedHashMap<>();

  static {
    key("httpd_hostname", Kind.TEXT, "the web server's host name, e.g. localhost");
    key("httpd_port", Kind.PORT, "the web server's TCP port, 1..65535");
    key("cjdbc_hostname", Kind.TEXT, "the C-JDBC host name; may be empty: \"cjdbc_hostname =\"");
    key("httpd_use_version", Kind.VERSION, "PHP, Servlets or EJB");
    key("ejb_server", Kind.TEXT, "the EJB server host name; may be empty: \"ejb_server =\"");
    key("ejb_html_path", Kind.TEXT, "the EJB version's HTML path, e.g. /EJB_HTML");
    key("ejb_script_path", Kind.TEXT, "the EJB version's servlet path, e.g. /servlet");
    key("servlets_server", Kind.TEXT, "the servlet server host name; may be empty: \"servlets_server =\"");
    key("servlets_html_path", Kind.TEXT, "the Servlets version's HTML path, e.g. /rubis_servlets");
    key("servlets_script_path", Kind.TEXT,
        "the Servlets version's servlet path, e.g. /rubis_servlets/servlet");
    key("php_html_path", Kind.TEXT, "the PHP version's HTML path, e.g. /PHP");
    key("php_script_path", Kind.TEXT, "the PHP version's script path, e.g. /PHP");
    key("workload_remote_client_nodes", Kind.TEXT,
        "a comma-separated list of remote client hosts; may be empty");
    key("workload_remote_client_command", Kind.TEXT, "the command that starts a remote client");
    key("workload_number_of_clients_per_node", Kind.POSITIVE, "a whole number > 0");
    key("workload_transition_table", Kind.FILE, "a transition table file");
    key("workload_number_of_columns", Kind.POSITIVE, "a whole number > 0 (27)");
    key("workload_number_of_rows", Kind.POSITIVE, "a whole number > 0 (29)");
    key("workload_maximum_number_of_transitions", Kind.POSITIVE, "a whole number > 0");
    key("workload_number_of_items_per_page", Kind.POSITIVE, "a whole number > 0");
    key("workload_use_tpcw_think_time", Kind.YES_NO, "yes or no");
    key("workload_up_ramp_time_in_ms", Kind.NON_NEGATIVE, "a whole number of ms >= 0");
    key("workload_up_ramp_slowdown_factor", Kind.FACTOR, "a number >= 0 (truncated to an integer)");
    key("workload_session_run_time_in_ms", Kind.NON_NEGATIVE, "a whole number of ms >= 0");
    key("workload_down_ramp_time_in_ms", Kind.NON_NEGATIVE, "a whole number of ms >= 0");
    key("workload_down_ramp_slowdown_factor", Kind.FACTOR,
        "a number >= 0 (truncated to an integer)");
    key("database_server", Kind.TEXT, "a comma-separated list of database hosts");
    key("database_number_of_users", Kind.POSITIVE, "a whole number > 0");
    key("database_regions_file", Kind.FILE, "a regions file, one region per line");
    key("database_categories_file", Kind.FILE, "a categories file, \"Name (itemCount)\" per line");
    key("database_number_of_old_items", Kind.NON_NEGATIVE, "a whole number >= 0");
    key("database_percentage_of_unique_items", Kind.PERCENT, "a percentage 0..100");
    key("database_percentage_of_items_with_reserve_price", Kind.PERCENT, "a percentage 0..100");
    key("database_percentage_of_buy_now_items", Kind.PERCENT, "a percentage 0..100");
    key("database_max_quantity_for_multiple_items", Kind.POSITIVE, "a whole number > 0");
    key("database_item_description_length", Kind.POSITIVE, "a whole number > 0");
    key("database_max_bids_per_item", Kind.NON_NEGATIVE, "a whole number >= 0");
    key("database_max_comments_per_user", Kind.NON_NEGATIVE, "a whole number >= 0");
    key("database_comment_max_length", Kind.POSITIVE, "a whole number > 0");
    key("monitoring_debug_level", Kind.NON_NEGATIVE, "a whole number 0..3");
    key("monitoring_program", Kind.TEXT, "the monitoring program, e.g. /usr/bin/sar");
    key("monitoring_options", Kind.TEXT, "the monitoring program's options");
    key("monitoring_sampling_in_seconds", Kind.POSITIVE, "a whole number of seconds > 0");
    key("monitoring_rsh", Kind.TEXT, "the remote shell, e.g. /usr/bin/ssh");
    key("monitoring_scp", Kind.TEXT, "the remote copy program, e.g. /usr/bin/scp");
    key("monitoring_gnuplot_terminal", Kind.TEXT, "a gnuplot terminal, e.g. gif");
    // pre-1.4 files name the six path keys with an httpd_ prefix (httpd_php_html_path)
    for (String path : List.of("ejb_html_path", "ejb_script_path", "servlets_html_path", "servlets_script_path",
        "php_html_path", "php_script_path")) {
      OLD_NAMES.put("httpd_" + path, path);
    }
  }

  private RubisPropertyKeys() {}

  private static void key(String name, Kind kind, String expected) {
    KEYS.put(name, new Key(name, kind, expected));
  }
}
