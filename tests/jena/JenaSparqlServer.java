import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.jena.atlas.web.AcceptList;
import org.apache.jena.atlas.web.MediaType;
import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.query.TxnType;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.DatasetDescription;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.DynamicDatasets;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.QueryExecBuilder;
import org.apache.jena.sparql.exec.UpdateExec;
import org.apache.jena.sparql.resultset.ResultsWriter;
import org.apache.jena.system.Txn;
import org.apache.jena.tdb2.DatabaseMgr;
import org.apache.jena.tdb2.TDB2;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

/**
 * A SPARQL 1.1 Protocol server for lexrdf's tests: the JDK's HTTP server in front of Apache Jena (ARQ, TDB2), so
 * that Jena's parsers, query engine, transactions and result writers answer, not lexrdf's. Queries and updates are
 * parsed as strict SPARQL 1.1 (no ARQ extensions). One TDB2 dataset on disk whose default graph, for queries, is the
 * union of its named graphs (TDB2.symUnionDefaultGraph, as Fuseki's tdb2:unionDefaultGraph).
 *
 * <pre>
 *   java JenaSparqlServer PORT TDB2-DIRECTORY    serve /ds/query and /ds/update on 127.0.0.1:PORT
 *   java JenaSparqlServer --check-queries DIR     parse every .rq file under DIR; "ok FILE" or "error FILE: ..."
 * </pre>
 *
 * /ds/query: GET ?query=, POST form query=, POST application/sparql-query; default-graph-uri, named-graph-uri and
 * timeout (seconds, as Fuseki); SELECT/ASK as SPARQL JSON, XML, CSV or TSV, CONSTRUCT/DESCRIBE as N-Triples,
 * Turtle, RDF/XML, JSON-LD, N-Quads or TriG, by the Accept header. /ds/update: POST form update= or
 * application/sparql-update, run in one TDB2 write transaction (all or nothing). A request that cannot be parsed, and
 * an update that fails, is 400 with Jena's message; an unacceptable Accept 406; a timed-out query 503.
 */
public final class JenaSparqlServer {
    static final Syntax SPARQL_11 = Syntax.syntaxSPARQL_11;
    static final List<Lang> RESULT_LANGS =
            List.of(ResultSetLang.RS_JSON, ResultSetLang.RS_XML, ResultSetLang.RS_CSV, ResultSetLang.RS_TSV);
    static final List<Lang> GRAPH_LANGS =
            List.of(Lang.NTRIPLES, Lang.TURTLE, Lang.RDFXML, Lang.JSONLD, Lang.NQUADS, Lang.TRIG);

    /** An answer that is not 200: its status and a one-line message. */
    static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        Refusal(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    public static void main(String[] args) {
        if (args.length == 2 && args[0].equals("--check-queries")) {
            System.exit(checkQueries(Path.of(args[1])));
        }
        if (args.length != 2 || !args[0].matches("[0-9]{1,5}")) {
            System.err.println("usage: JenaSparqlServer PORT TDB2-DIRECTORY | --check-queries DIR");
            System.exit(2);
        }
        int port = Integer.parseInt(args[0]);
        try {
            DatasetGraph dataset = DatabaseMgr.connectDatasetGraph(args[1]);
            dataset.getContext().set(TDB2.symUnionDefaultGraph, true);
            HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
            server.createContext("/ds/query", ex -> respond(ex, "/ds/query", () -> query(ex, dataset)));
            server.createContext("/ds/update", ex -> respond(ex, "/ds/update", () -> update(ex, dataset)));
            server.setExecutor(Executors.newFixedThreadPool(8));
            server.start();
            System.out.println("JenaSparqlServer: Jena ARQ+TDB2 at " + args[1] + " serving http://127.0.0.1:" + port
                    + "/ds/query and /ds/update");
        } catch (BindException e) {
            System.err.println("JenaSparqlServer: cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
            System.exit(1);
        } catch (IOException | RuntimeException e) {
            System.err.println("JenaSparqlServer: cannot start: " + e);
            System.exit(1);
        }
    }

    /** Parse every .rq file under `directory` as it is, as SPARQL 1.1; 0 when all parse, 1 when one does not. */
    static int checkQueries(Path directory) {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(directory)) {
            files = walk.filter(p -> p.toString().endsWith(".rq")).sorted().toList();
        } catch (IOException e) {
            System.err.println("JenaSparqlServer: cannot read " + directory + ": " + e);
            return 2;
        }
        int failed = 0;
        for (Path file : files) {
            String name = directory.relativize(file).toString();
            try {
                QueryFactory.create(Files.readString(file), SPARQL_11);
                System.out.println("ok " + name);
            } catch (IOException | QueryParseException e) {
                System.out.println("error " + name + ": " + oneLine(e.getMessage()));
                failed++;
            }
        }
        return files.isEmpty() ? 2 : failed > 0 ? 1 : 0;
    }

    interface Answer {
        byte[] run() throws Refusal, IOException;
    }

    /** Answer one exchange: 200 with the body the handler made (its Content-Type set), or the refusal's status. */
    static void respond(HttpExchange exchange, String path, Answer answer) throws IOException {
        int status = 200;
        byte[] body;
        try {
            if (!exchange.getRequestURI().getPath().equals(path)) {
                throw new Refusal(404, "no such endpoint: " + exchange.getRequestURI().getPath());
            }
            body = answer.run();
        } catch (Refusal e) {
            status = e.status;
            body = (e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        } catch (IOException e) { // the client went away (or sent a cut body): nothing was run
            exchange.close();
            return;
        } catch (RuntimeException e) {
            e.printStackTrace(); // to the server's log
            status = 500;
            body = ("internal error: " + oneLine(String.valueOf(e)) + "\n").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        }
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** The request's operation (query or update) and its parameters, by the SPARQL 1.1 Protocol's three forms. */
    static Map<String, List<String>> readRequest(HttpExchange exchange, String operation, String directType)
            throws Refusal, IOException {
        Map<String, List<String>> params = new LinkedHashMap<>();
        decodeForm(exchange.getRequestURI().getRawQuery(), params);
        String method = exchange.getRequestMethod();
        if (method.equals("GET") && operation.equals("query")) {
            return params;
        }
        if (!method.equals("POST")) {
            throw new Refusal(405, method + " is not allowed here");
        }
        String type = mediaType(exchange.getRequestHeaders().getFirst("Content-Type"));
        String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        if (type.equals("application/x-www-form-urlencoded")) {
            decodeForm(body, params);
        } else if (type.equals(directType)) {
            params.computeIfAbsent(operation, k -> new ArrayList<>()).add(body);
        } else {
            throw new Refusal(415, "unsupported Content-Type " + (type.isEmpty() ? "(none)" : type));
        }
        return params;
    }

    static byte[] query(HttpExchange exchange, DatasetGraph dataset) throws Refusal, IOException {
        Map<String, List<String>> params = readRequest(exchange, "query", "application/sparql-query");
        Query query = parseQuery(single(params, "query"));
        List<String> defaults = params.getOrDefault("default-graph-uri", List.of());
        List<String> named = params.getOrDefault("named-graph-uri", List.of());
        DatasetDescription description = !defaults.isEmpty() || !named.isEmpty()
                ? DatasetDescription.create(defaults, named)
                : query.hasDatasetDescription() ? DatasetDescription.create(query) : null;
        if (description != null) { // run over the protocol's dataset, else the query's FROM: never the union
            query = query.cloneQuery();
            query.getGraphURIs().clear();
            query.getNamedGraphURIs().clear();
        }
        String accept = exchange.getRequestHeaders().getFirst("Accept");
        boolean graphResult = query.isConstructType() || query.isDescribeType();
        Lang lang = negotiate(accept, graphResult ? GRAPH_LANGS : RESULT_LANGS);
        String timeout = single(params, "timeout", null);
        long milliseconds = -1;
        if (timeout != null) {
            try {
                milliseconds = (long) (Double.parseDouble(timeout) * 1000);
            } catch (NumberFormatException e) {
                throw new Refusal(400, "timeout is not a number of seconds: " + timeout);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        dataset.begin(TxnType.READ); // the whole answer, dynamic dataset included, is read in one transaction
        try {
            DatasetGraph target =
                    description == null ? dataset : DynamicDatasets.dynamicDataset(description, dataset, false);
            QueryExecBuilder builder = QueryExec.dataset(target).query(query);
            if (milliseconds >= 0) {
                builder = builder.timeout(milliseconds, TimeUnit.MILLISECONDS);
            }
            try (QueryExec execution = builder.build()) {
                write(execution, lang, out);
            }
        } catch (QueryCancelledException e) {
            throw new Refusal(503, "the query ran out of time (" + timeout + " s)");
        } catch (JenaException e) {
            throw new Refusal(500, "the query failed: " + oneLine(e.getMessage()));
        } finally {
            dataset.end();
        }
        String contentType = lang.getContentType().getContentTypeStr();
        boolean text = contentType.startsWith("text/") || contentType.startsWith("application/n-");
        exchange.getResponseHeaders().set("Content-Type", contentType + (text ? "; charset=utf-8" : ""));
        return out.toByteArray();
    }

    /** The answer of a query in `lang`, by Jena's result and RDF writers. */
    static void write(QueryExec execution, Lang lang, OutputStream out) {
        Query query = execution.getQuery();
        if (query.isSelectType()) {
            ResultsWriter.create().lang(lang).write(out, execution.select());
        } else if (query.isAskType()) {
            ResultsWriter.create().lang(lang).write(out, execution.ask());
        } else {
            Graph graph = query.isConstructType() ? execution.construct() : execution.describe();
            if (RDFLanguages.isQuads(lang)) {
                RDFDataMgr.write(out, DatasetGraphFactory.wrap(graph), lang);
            } else {
                RDFDataMgr.write(out, graph, lang);
            }
        }
    }

    static byte[] update(HttpExchange exchange, DatasetGraph dataset) throws Refusal, IOException {
        Map<String, List<String>> params = readRequest(exchange, "update", "application/sparql-update");
        if (params.containsKey("using-graph-uri") || params.containsKey("using-named-graph-uri")) {
            throw new Refusal(400, "using-graph-uri and using-named-graph-uri are not supported by this server");
        }
        UpdateRequest request;
        try {
            request = UpdateFactory.create(single(params, "update"), SPARQL_11);
        } catch (QueryParseException e) {
            throw new Refusal(400, "update syntax error: " + oneLine(e.getMessage()));
        }
        try { // one write transaction: aborted (nothing written) when any operation fails
            Txn.executeWrite(dataset, () -> UpdateExec.dataset(dataset).update(request).execute());
        } catch (RuntimeException e) { // Jena's exceptions, and LOAD's HttpException
            throw new Refusal(400, "the update failed, nothing was written: " + oneLine(String.valueOf(e)));
        }
        return new byte[0];
    }

    static Query parseQuery(String text) throws Refusal {
        try {
            return QueryFactory.create(text, SPARQL_11);
        } catch (QueryParseException e) {
            throw new Refusal(400, "query syntax error: " + oneLine(e.getMessage()));
        }
    }

    /** The offered language the Accept header prefers (the first offered when there is no header), or 406. */
    static Lang negotiate(String accept, List<Lang> offered) throws Refusal {
        if (accept == null || accept.isBlank()) {
            return offered.get(0);
        }
        String[] types = offered.stream().map(l -> l.getContentType().getContentTypeStr()).toArray(String[]::new);
        MediaType chosen = AcceptList.match(new AcceptList(accept), AcceptList.create(types));
        if (chosen == null) {
            throw new Refusal(406, "none of " + String.join(", ", types) + " is acceptable to " + accept);
        }
        return offered.stream()
                .filter(l -> l.getContentType().getContentTypeStr().equals(chosen.getContentTypeStr()))
                .findFirst()
                .orElseThrow();
    }

    static String single(Map<String, List<String>> params, String name) throws Refusal {
        String value = single(params, name, null);
        if (value == null) {
            throw new Refusal(400, "the request has no " + name);
        }
        return value;
    }

    static String single(Map<String, List<String>> params, String name, String otherwise) throws Refusal {
        List<String> values = params.getOrDefault(name, List.of());
        if (values.size() > 1) {
            throw new Refusal(400, "the request has more than one " + name);
        }
        return values.isEmpty() ? otherwise : values.get(0);
    }

    static void decodeForm(String form, Map<String, List<String>> into) {
        if (form == null || form.isEmpty()) {
            return;
        }
        for (String pair : form.split("&")) {
            int equals = pair.indexOf('=');
            String key = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            into.computeIfAbsent(key, k -> new ArrayList<>()).add(value);
        }
    }

    static String mediaType(String header) {
        return header == null ? "" : header.split(";")[0].trim().toLowerCase();
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s+", " ").trim();
    }
}
