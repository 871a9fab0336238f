package io.pgolab.util;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonCheckTest {
    record Inner(@Required String name, @OneOf({"a", "b"}) String kind, double value, long count) {
    }

    record Head(String schema, Integer version) {
    }

    record Doc(@JsonUnwrapped Head head, @Required(nonEmpty = true) List<Inner> items, Map<String, Double> medians,
               Map<String, Object> anything, double[] samples, Boolean flag) {
    }

    private static void check(String json) throws Exception {
        try (JsonParser p = Json.MAPPER.getFactory().createParser(json)) {
            JsonCheck.check(p, Doc.class);
        }
    }

    private static void invalid(String json, String path, String message) {
        assertThatThrownBy(() -> check(json)).isInstanceOf(JsonCheck.Invalid.class)
                .hasMessageContaining(message).extracting(e -> ((JsonCheck.Invalid) e).path()).isEqualTo(path);
    }

    @Test
    void aDocumentOfTheRightShapePassesWithUnknownKeysAndAbsentOptionalOnes() {
        assertThatCode(() -> check("""
                {"schema": "s", "items": [{"name": "n", "kind": "a", "value": 1.5, "count": 3, "later": {"x": [1]}}],
                 "medians": {"a.b": 2}, "anything": {"k": [null, {"z": 1}]}, "samples": [1, 2.5], "flag": null}
                """)).doesNotThrowAnyException();
    }

    @Test
    void eachProblemNamesItsPath() {
        String item = "{\"name\": \"n\", \"value\": 1, \"count\": 1";
        invalid("{\"items\": []}", "items", "expected at least one element");
        invalid("{}", "items", "expected an array, but the key is missing");
        invalid("{\"items\": [" + item + "}, {\"value\": 1, \"count\": 1}]}", "items[1].name", "the key is missing");
        invalid("{\"items\": [" + item + ", \"value\": 2}]}", "items[0].value", "is there twice");
        invalid("{\"items\": [" + item + ", \"kind\": \"c\"}]}", "items[0].kind", "expected one of a, b");
        invalid("{\"items\": [{\"name\": \"n\", \"value\": \"1\", \"count\": 1}]}", "items[0].value",
                "expected a number, found a string");
        invalid("{\"items\": [{\"name\": \"n\", \"value\": 1e999, \"count\": 1}]}", "items[0].value",
                "expected a finite number");
        invalid("{\"items\": [{\"name\": \"n\", \"value\": 1, \"count\": 1e3}]}", "items[0].count",
                "expected an integer (64 bits)");
        invalid("{\"items\": [{\"name\": \"n\", \"value\": 1, \"count\": 18446744073709551616}]}", "items[0].count",
                "out of range");
        invalid("{\"items\": [null]}", "items[0]", "expected an object, found null");
        invalid("{\"items\": [" + item + "}], \"medians\": {\"x y\": null}}", "medians.\"x y\"", "found null");
        invalid("{\"items\": [" + item + "}], \"samples\": [1, \"2\"]}", "samples[1]", "expected a number");
        invalid("{\"version\": 1.5, \"items\": [" + item + "}]}", "version", "expected an integer (32 bits)");
        invalid("{\"items\": [" + item + "}]} {}", "", "there is more after the end");
        invalid("{\"items\": [" + item + "}]} x", "", "there is more after the end");
    }
}
