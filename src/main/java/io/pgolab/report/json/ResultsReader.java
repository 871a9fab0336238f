package io.pgolab.report.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.pgolab.UserError;
import io.pgolab.util.Json;
import io.pgolab.util.JsonCheck;
import io.pgolab.util.Strings;
import io.pgolab.util.Text;
import io.pgolab.util.UserFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a results file back into {@link ResultsDocument} (pgolab-results/1) or a merged file into
 * {@link MergeDocument} (pgolab-merge/1), as untrusted input: files written before the records existed
 * still read (the keys are the same; unknown keys are ignored, so files of later 1.x writers that add keys still
 * read), and anything else is a {@link UserError} naming the file and the key's path, never an exception.
 *
 * <p>A file is read in three streaming passes, none of which holds more than the records: its schema (the first
 * key, usually), its shape against the records ({@link JsonCheck}: types, required keys, finite numbers, duplicate
 * keys, nothing after the document), then Jackson's binding. Every string becomes {@link Text#inline} as it is
 * bound, so no control, escape, bidi or line-breaking character from a file reaches a terminal, Markdown, HTML or
 * SVG, and no line a string starts can be a CI runner's command. A file larger than {@link #maxBytes} is refused
 * before it is read: the records take about {@value #HEAP_PER_BYTE} bytes of heap per byte of JSON at worst.
 */
public final class ResultsReader {
    /** Heap per byte of file that reading and rendering take at worst (measured: bench/big-results.sh). */
    static final int HEAP_PER_BYTE = 4;

    private static final String HINT = "pass a file written by 'pgolab ... --json FILE', unedited"
            + " (docs/results-schema.md lists the keys and their types)";

    /** Strings and map keys as visible one-line text, the moment they leave the file. */
    private static final ObjectMapper UNTRUSTED = Json.MAPPER.copy()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
            .registerModule(new SimpleModule("visible-strings")
                    .addDeserializer(String.class, new VisibleString())
                    .addKeyDeserializer(String.class, new KeyDeserializer() {
                        @Override
                        public Object deserializeKey(String key, DeserializationContext ctxt) {
                            return Text.inline(key);
                        }
                    }));

    private ResultsReader() {
    }

    /** A pgolab-results/1 file (merge reads gate results with it). */
    public static ResultsDocument read(Path file) {
        String schema = schema(file).orElse(null);
        if (!ResultsDocument.SCHEMA.equals(schema)) {
            throw new UserError(shown(file) + " is not a pgolab results file (schema " + (schema == null ? "missing"
                    : "\"" + Text.inline(schema) + "\"") + ", expected " + ResultsDocument.SCHEMA + ")", HINT);
        }
        ResultsDocument d = bind(file, ResultsDocument.class);
        if (d.measurements() != null && d.measurements().workloads() == null) {
            // the bench body's keys are at the top level, where the check takes each as optional
            throw new UserError(shown(file) + ": workloads: expected an array, but the key is missing (the file has method)",
                    HINT);
        }
        return d;
    }

    /** A pgolab-merge/1 file. */
    public static MergeDocument readMerge(Path file) {
        return bind(file, MergeDocument.class);
    }

    /** The file's top-level "schema" string (empty when there is none), read without reading the rest. */
    public static Optional<String> schema(Path file) {
        guard(file);
        try (JsonParser p = Json.MAPPER.getFactory().createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new UserError("cannot read the results file " + shown(file) + ": it does not hold a JSON object", HINT);
            }
            for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
                String key = p.currentName();
                JsonToken v = p.nextToken();
                if (key.equals("schema")) {
                    return v == JsonToken.VALUE_STRING ? Optional.of(p.getText()) : Optional.empty();
                }
                p.skipChildren();
            }
            return Optional.empty();
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static <T> T bind(Path file, Class<T> type) {
        guard(file);
        try (JsonParser p = Json.MAPPER.getFactory().createParser(file.toFile())) {
            JsonCheck.check(p, type);
        } catch (JsonCheck.Invalid e) {
            throw new UserError(shown(file) + ": " + (e.path().isEmpty() ? "" : e.path() + ": ") + e.getMessage(), HINT);
        } catch (JsonParseException e) {
            throw unreadable(file, e, e.getProcessor() == null ? "" : JsonCheck.path(e.getProcessor()));
        } catch (IOException e) {
            throw unreadable(file, e);
        }
        try (InputStream in = Files.newInputStream(file)) {
            return UNTRUSTED.readValue(in, type);
        } catch (JsonMappingException e) {
            // the check above should have caught it; still a user's file, not a bug
            throw new UserError(shown(file) + ": " + path(e) + Text.inline(jacksonReason(e.getOriginalMessage())), HINT);
        } catch (IOException e) {
            throw unreadable(file, e);
        } catch (OutOfMemoryError e) {
            throw tooLarge(file, sizeOf(file));
        }
    }

    /** A readable regular file no larger than {@link #maxBytes}. */
    private static void guard(Path file) {
        if (Files.isDirectory(file)) {
            throw new UserError("cannot read the results file " + shown(file) + ": it is a directory", HINT);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // a FIFO or a device: it is read more than once, and its size says nothing
            throw new UserError("cannot read the results file " + shown(file) + ": it is not a regular file",
                    "copy it to a file first");
        }
        long size = sizeOf(file);
        if (size > maxBytes()) {
            throw tooLarge(file, size);
        }
    }

    /** The largest file this JVM's heap reads and renders: a quarter of the heap's limit (-Xmx). */
    static long maxBytes() {
        return Runtime.getRuntime().maxMemory() / HEAP_PER_BYTE;
    }

    private static UserError tooLarge(Path file, long size) {
        return new UserError("the results file " + shown(file) + " is too large to read: " + Strings.humanBytes(size)
                + ", and this JVM reads at most " + Strings.humanBytes(maxBytes()) + " (a quarter of its "
                + Strings.humanBytes(Runtime.getRuntime().maxMemory()) + " heap)",
                "give it more heap (JAVA_TOOL_OPTIONS=-Xmx" + Math.max(1, (size * HEAP_PER_BYTE >> 30) + 1)
                        + "g), or check the file: pgolab's own results files are a few MB");
    }

    /** A path as a message shows it: a file's name can hold control characters too. */
    public static String shown(Path file) {
        return Text.inline(file.toString());
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (NoSuchFileException e) {
            throw new UserError("cannot read the results file " + shown(file) + ": there is no such file", HINT);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    private static UserError unreadable(Path file, IOException e) {
        return unreadable(file, e, "");
    }

    /** path: where in the document the parser was ("" when unknown or at the top). */
    private static UserError unreadable(Path file, IOException e, String path) {
        if (e instanceof JsonProcessingException j) {
            String where = j.getLocation() == null ? "" : " (line " + j.getLocation().getLineNr() + ", column "
                    + j.getLocation().getColumnNr() + (path.isEmpty() ? "" : ", at " + path) + ")";
            String why = jacksonReason(j.getOriginalMessage());
            return new UserError("cannot read the results file " + shown(file) + ": it is not valid JSON" + where + ": "
                    + Text.inline(why), HINT);
        }
        return new UserError("cannot read the results file " + shown(file) + ": " + UserFile.reason(e), HINT);
    }

    /** Jackson's reason without its advice to Java programmers (which feature to enable, where a limit is set). */
    private static String jacksonReason(String message) {
        String s = Strings.firstLine(message).replaceAll(" *\\(start marker at \\[Source:.*?\\]\\)", "")
                .replaceAll(" *\\[Source:[^\\]]*\\]", "");
        int tick = s.indexOf('`');
        if (tick >= 0) {
            s = s.substring(0, tick).replaceAll("[\\s,:;(]*(from|enable)?[\\s,:;(]*$", "");
            long open = s.chars().filter(c -> c == '(').count() - s.chars().filter(c -> c == ')').count();
            s += ")".repeat((int) Math.max(0, open));
        }
        return s;
    }

    private static String path(JsonMappingException e) {
        StringBuilder s = new StringBuilder();
        for (JsonMappingException.Reference r : e.getPath()) {
            if (r.getFieldName() != null) {
                s.append(s.isEmpty() ? "" : ".").append(Text.inline(r.getFieldName()));
            } else if (r.getIndex() >= 0) {
                s.append('[').append(r.getIndex()).append(']');
            }
        }
        return s.isEmpty() ? "" : s + ": ";
    }

    /** Jackson's own String deserializer, its result made visible. */
    private static final class VisibleString extends StdScalarDeserializer<String> {
        VisibleString() {
            super(String.class);
        }

        @Override
        public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            return Text.inline(StringDeserializer.instance.deserialize(p, ctxt));
        }
    }
}
