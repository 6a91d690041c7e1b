/* Tests for src/report/template: the mustache-style renderer. */
#include "../helpers.h"
#include "report/template.h"

static char *render_json(const char *tpl, const char *json, enum tpl_mode mode)
{
    cJSON *ctx = cJSON_Parse(json);
    assert_non_null(ctx);
    char *err = NULL;
    char *out = tpl_render(tpl, ctx, mode, &err);
    if (!out)
        fail_msg("render failed: %s", err);
    cJSON_Delete(ctx);
    return out;
}

static void expect(const char *tpl, const char *json, const char *want)
{
    char *out = render_json(tpl, json, TPL_TEXT);
    assert_string_equal(out, want);
    free(out);
}

static void test_variables(void **state)
{
    (void)state;
    expect("Hi {{name}}!", "{\"name\":\"Ada\"}", "Hi Ada!");
    expect("{{ name }}/{{missing}}/", "{\"name\":\"x\"}", "x//");
    expect("{{n}} {{f}} {{b}}", "{\"n\":42,\"f\":1.5,\"b\":true}", "42 1.5 true");
    expect("{{a.b.c}}", "{\"a\":{\"b\":{\"c\":\"deep\"}}}", "deep");
    expect("{{a.x}}", "{\"a\":{\"b\":1}}", "");
}

static void test_html_escaping(void **state)
{
    (void)state;
    char *out = render_json("<p>{{t}}</p>{{{t}}}{{&t}}", "{\"t\":\"<b>&\\\"'\"}", TPL_HTML);
    assert_string_equal(out, "<p>&lt;b&gt;&amp;&quot;&#39;</p><b>&\"'<b>&\"'");
    free(out);
    /* text mode never escapes */
    expect("{{t}}", "{\"t\":\"<b>\"}", "<b>");
}

static void test_sections(void **state)
{
    (void)state;
    expect("{{#list}}[{{.}}]{{/list}}", "{\"list\":[1,2,3]}", "[1][2][3]");
    expect("{{#people}}{{name}}({{role}}) {{/people}}",
           "{\"role\":\"outer\",\"people\":[{\"name\":\"A\",\"role\":\"dir\"},{\"name\":\"B\"}]}",
           "A(dir) B(outer) ");
    expect("{{#obj}}{{x}}{{/obj}}", "{\"obj\":{\"x\":\"in\"}}", "in");
    expect("{{#t}}yes{{/t}}{{#f}}no{{/f}}", "{\"t\":true,\"f\":false}", "yes");
    expect("{{#e}}x{{/e}}{{#z}}x{{/z}}{{#s}}x{{/s}}{{#n}}x{{/n}}",
           "{\"e\":[],\"z\":0,\"s\":\"\",\"n\":null}", "");
    expect("{{^e}}empty{{/e}}{{^t}}no{{/t}}", "{\"e\":[],\"t\":1}", "empty");
    expect("{{#a}}{{#b}}{{v}}{{/b}}{{/a}}", "{\"a\":{\"b\":{\"v\":\"nested\"}}}", "nested");
}

static void test_standalone_lines_vanish(void **state)
{
    (void)state;
    expect("top\n{{#items}}\n- {{.}}\n{{/items}}\n{{! note }}\nend\n",
           "{\"items\":[\"a\",\"b\"]}", "top\n- a\n- b\nend\n");
    expect("  {{#x}}  \nshown\n  {{/x}}\n", "{\"x\":true}", "shown\n");
    /* a section tag sharing its line with text keeps the line */
    expect("a {{#x}}b{{/x}} c\n", "{\"x\":true}", "a b c\n");
}

static void expect_error(const char *tpl, const char *fragment)
{
    char *err = NULL;
    char *out = tpl_render(tpl, NULL, TPL_TEXT, &err);
    assert_null(out);
    assert_non_null(err);
    if (!strstr(err, fragment))
        fail_msg("error \"%s\" does not mention \"%s\"", err, fragment);
    free(err);
}

static void test_errors_say_where(void **state)
{
    (void)state;
    expect_error("a\n{{#x}}\nb\n", "line 2: {{#x}} is never closed");
    expect_error("{{#x}}{{/y}}", "{{/y}} does not close {{#x}} of line 1");
    expect_error("x\n\n{{/y}}", "line 3: {{/y}} closes no section");
    expect_error("{{name", "line 1: a tag is not closed");
    expect_error("{{}}", "a tag has no name");
}

static void test_render_file_picks_mode_by_name(void **state)
{
    (void)state;
    char *dir = th_tempdir();
    char *txt = th_path(dir, "a.txt"), *html = th_path(dir, "a.html");
    th_write(txt, "{{v}}");
    th_write(html, "{{v}}");
    cJSON *ctx = cJSON_Parse("{\"v\":\"<x>\"}");
    char *err = NULL;
    char *t = tpl_render_file(dir, "a.txt", ctx, &err);
    char *h = tpl_render_file(dir, "a.html", ctx, &err);
    assert_string_equal(t, "<x>");
    assert_string_equal(h, "&lt;x&gt;");
    assert_null(tpl_render_file(dir, "missing.txt", ctx, &err));
    assert_non_null(strstr(err, "missing.txt"));
    free(err);
    free(t);
    free(h);
    free(txt);
    free(html);
    cJSON_Delete(ctx);
    th_rmrf(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_variables),
        cmocka_unit_test(test_html_escaping),
        cmocka_unit_test(test_sections),
        cmocka_unit_test(test_standalone_lines_vanish),
        cmocka_unit_test(test_errors_say_where),
        cmocka_unit_test(test_render_file_picks_mode_by_name),
    };
    return cmocka_run_group_tests_name("template", tests, NULL, NULL);
}
