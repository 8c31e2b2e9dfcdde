package dev.muster.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.PrintWriter;

/** {@code muster compare -o json}: the comparison or sweep records as JSON, for tools. */
final class WhatIfJson {

    private static final ObjectMapper JSON = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();

    private WhatIfJson() {
    }

    static void write(Object value, PrintWriter out) throws IOException {
        out.println(JSON.writeValueAsString(value));
        out.flush();
    }
}
