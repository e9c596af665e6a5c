// Pieces of card and token games: cards (paper, printed from the face atlas), wooden tokens,
// pawns and stands (painted wood with grain), dice (ivory with real pips), felt mats and
// printed labels.  One instanced draw per mesh kind, lit like the Trench board (lib/lighting).
// Instance: model matrix, colour, front and back atlas rectangles (u0, v0, u1, v1; empty: not
// printed; a die keeps its pip colour in the front one), params = (material, highlight, grey, seed).
// Vertex tag: 0 front (printed), 1 back (printed), 2 side, 4..9 die face 1..6.
#if defined VERTEX_SHADER
#include "lib/lighting.glsl"
in vec3 in_pos;
in vec3 in_nrm;
in vec2 in_uv;
in float in_tag;
in mat4 i_model;
in vec4 i_color;
in vec4 i_rect_a;
in vec4 i_rect_b;
in vec4 i_params;
uniform mat4 u_vp;
out vec3 v_lpos;
out vec3 v_wpos;
out vec3 v_nrm;
out vec3 v_local;
out vec2 v_uv;
flat out float v_tag;
flat out vec4 v_color;
flat out vec4 v_rect_a;
flat out vec4 v_rect_b;
flat out vec4 v_params;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_wpos = w.xyz;
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_local = in_pos;
    v_uv = in_uv;
    v_tag = in_tag;
    v_color = i_color;
    v_rect_a = i_rect_a;
    v_rect_b = i_rect_b;
    v_params = i_params;
    v_lpos = light_coords(w.xyz, v_nrm);
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
#include "lib/lighting.glsl"
uniform sampler2D u_atlas;
in vec3 v_lpos;
in vec3 v_wpos;
in vec3 v_nrm;
in vec3 v_local;
in vec2 v_uv;
flat in float v_tag;
flat in vec4 v_color;
flat in vec4 v_rect_a;
flat in vec4 v_rect_b;
flat in vec4 v_params;
out vec4 f_color;

const vec3 HL[6] = vec3[6](vec3(0.0), vec3(1.0, 1.0, 1.0), vec3(0.25, 0.85, 0.95), vec3(1.0, 0.82, 0.25),
                           vec3(1.0, 0.42, 0.22), vec3(0.95, 0.25, 0.25));

vec4 print_at(vec4 rect, vec2 uv) {
    if (rect.z <= rect.x) return vec4(0.0);
    return texture(u_atlas, mix(rect.xy, rect.zw, clamp(uv, 0.0, 1.0)));
}

float pips(vec2 uv, float value) {
    // the pips of a die face: centres on a 3x3 grid
    vec2 p = (uv - 0.5) * 2.0;
    float r = 0.19;
    float d = 10.0;
    int v = int(value + 0.5);
    vec2 c[9] = vec2[9](vec2(0.0), vec2(-0.52, -0.52), vec2(0.52, 0.52), vec2(-0.52, 0.52), vec2(0.52, -0.52),
                        vec2(-0.52, 0.0), vec2(0.52, 0.0), vec2(0.0, 0.0), vec2(0.0));
    if (v == 1 || v == 3 || v == 5) d = min(d, length(p - c[0]));
    if (v >= 2) { d = min(d, length(p - c[1])); d = min(d, length(p - c[2])); }
    if (v >= 4) { d = min(d, length(p - c[3])); d = min(d, length(p - c[4])); }
    if (v == 6) { d = min(d, length(p - c[5])); d = min(d, length(p - c[6])); }
    if (v == 1) r = 0.26;
    return 1.0 - smoothstep(r - 0.04, r, d);
}

void main() {
    float material = v_params.x;
    float seed = v_params.w;
    vec3 albedo = v_color.rgb;
    float gloss = 0.2;
    if (material < 0.5) {
        // painted wood: growth rings along the piece, slightly wavy
        vec3 q = v_local * 3.0 + vec3(seed * 13.0, seed * 7.0, 0.0);
        float ring = sin((q.x + sin(q.y * 1.7 + seed * 6.0) * 0.35) * 22.0 + q.z * 3.0);
        albedo *= 0.93 + 0.07 * ring;
        vec4 p = v_tag < 0.5 ? print_at(v_rect_a, v_uv) : vec4(0.0);
        albedo = mix(albedo, p.rgb, p.a);
    } else if (material < 1.5) {
        // card stock: printed front and back, a pale edge
        vec4 p = v_tag < 0.5 ? print_at(v_rect_a, v_uv) : (v_tag < 1.5 ? print_at(v_rect_b, v_uv) : vec4(0.0));
        if (v_tag > 1.5) albedo = albedo * 0.92;
        albedo = mix(albedo, p.rgb, p.a);
        gloss = 0.12;
    } else if (material < 2.5) {
        // felt: a soft speckle, printed title if any
        float n = fract(sin(dot(floor(v_wpos.xy * 90.0), vec2(12.9898, 78.233))) * 43758.5453);
        albedo *= 0.95 + 0.07 * n;
        vec4 p = v_tag < 0.5 ? print_at(v_rect_a, v_uv) : vec4(0.0);
        albedo = mix(albedo, p.rgb, p.a);
        gloss = 0.03;
    } else if (material < 3.5) {
        // a die: ivory with pips on each face
        if (v_tag > 3.5) {
            float pip = pips(v_uv, v_tag - 3.0);
            albedo = mix(albedo, v_rect_a.rgb, pip);
        }
        gloss = 0.45;
    } else {
        vec4 p = print_at(v_rect_a, v_uv);
        if (p.a < 0.35) discard;
        albedo = p.rgb;
        gloss = 0.0;
    }
    if (v_params.z > 0.5) {              // greyed: a forbidden choice, a spent piece
        float l = dot(albedo, vec3(0.3, 0.59, 0.11));
        albedo = mix(albedo, vec3(l), 0.75) * 0.7;
    }
    vec3 n = normalize(v_nrm);
    float ao = mix(0.6, 1.0, smoothstep(-0.05, 0.35, v_wpos.z));
    vec3 col = shade(albedo, n, v_wpos, v_lpos, ao, gloss);
    int hl = int(v_params.y + 0.5);
    if (hl > 0) col = mix(col, HL[hl], 0.16) + HL[hl] * 0.05;
    f_color = vec4(col, 1.0);
}
#endif
