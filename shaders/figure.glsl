// Painted wooden figures: meeples (with per-seat chest emblem and a face), headgear,
// gas masks, civilians' hats and item tokens.  One instanced draw per mesh kind.
// Instance: model matrix, colour, params = (emblem 0..5, dead 0/1, kind 0 figure/1 food/2 drug, -).
#if defined VERTEX_SHADER
#include "lib/lighting.glsl"
in vec3 in_pos;
in vec3 in_nrm;
in float in_tag;
in mat4 i_model;
in vec4 i_color;
in vec4 i_params;
uniform mat4 u_vp;
out vec3 v_lpos;
out vec3 v_wpos;
out vec3 v_nrm;
out vec3 v_local;
out vec3 v_lnrm;
out float v_tag;
flat out vec4 v_color;
flat out vec4 v_params;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_wpos = w.xyz;
    v_nrm = normalize(mat3(i_model) * in_nrm);
    v_local = in_pos;
    v_lnrm = in_nrm;
    v_tag = in_tag;
    v_color = i_color;
    v_params = i_params;
    v_lpos = light_coords(w.xyz, v_nrm);
    gl_Position = u_vp * w;
}
#elif defined FRAGMENT_SHADER
#include "lib/lighting.glsl"
in vec3 v_lpos;
in vec3 v_wpos;
in vec3 v_nrm;
in vec3 v_local;
in vec3 v_lnrm;
in float v_tag;
flat in vec4 v_color;
flat in vec4 v_params;
out vec4 f_color;

float emblem(vec2 p, float kind) {
    // p: chest coordinates centred on the emblem, ~0.07 across
    if (kind < 1.5) {                       // S: ring
        float d = length(p);
        return step(0.038, d) * step(d, 0.068);
    } else if (kind < 2.5) {                // W: two horizontal bars
        return step(abs(p.x), 0.075) * (step(abs(p.y - 0.03), 0.016) + step(abs(p.y + 0.03), 0.016));
    } else if (kind < 3.5) {                // N: triangle pointing up
        return step(-0.055, p.y) * step(abs(p.x) * 1.6 + p.y, 0.07);
    } else if (kind < 4.5) {                // E: cross
        return step(max(abs(p.x), abs(p.y)), 0.07) * step(min(abs(p.x), abs(p.y)), 0.02);
    }
    return 0.0;                             // civilians: none
}

void main() {
    vec3 albedo = v_color.rgb;
    float kind = v_params.z;
    float gloss = 0.25;
    float glow = 0.0;                       // self-lit share (the face, the facing mark's core)
    if (kind > 0.5) {
        // item tokens: food (bread ring) or drug (red cross) on the top face
        vec2 p = v_local.xy;
        if (v_lnrm.z > 0.7) {
            if (kind < 1.5) {
                float d = length(p);
                albedo *= 1.0 - 0.35 * step(0.06, d) * step(d, 0.085);
            } else {
                float c = step(max(abs(p.x), abs(p.y)), 0.08) * step(min(abs(p.x), abs(p.y)), 0.025);
                albedo = mix(albedo, vec3(0.75, 0.08, 0.06), c);
            }
        }
    } else if (v_tag < 0.5) {
        // body: faint grain, a face on the front, the seat emblem on chest and back
        albedo *= 0.94 + 0.06 * sin(v_local.z * 70.0 + sin(v_local.x * 9.0) * 3.0);
        if (abs(v_lnrm.y) > 0.8) {
            float front = step(0.0, v_lnrm.y);
            // a painted face on the front of the head: pale oval with two eyes
            vec2 f = vec2(v_local.x, v_local.z - 0.695);
            float face = front * (1.0 - smoothstep(0.112, 0.122, length(f * vec2(1.0, 0.95))));
            albedo = mix(albedo, vec3(0.95, 0.84, 0.68), face * (1.0 - v_params.y * 0.6));
            vec2 e = vec2(abs(v_local.x) - 0.05, v_local.z - 0.715);
            float eye = face * (1.0 - smoothstep(0.017, 0.024, length(e)));
            albedo = mix(albedo, vec3(0.06, 0.05, 0.04), eye);
            // brows and a firm mouth: a soldier's face (顔つき), read from the front at a glance
            float brow = face * step(abs(abs(v_local.x) - 0.05), 0.032) * step(abs(v_local.z - 0.752), 0.008);
            float mouth = face * step(abs(v_local.x), 0.045) * step(abs(v_local.z - 0.652), 0.0085);
            albedo = mix(albedo, vec3(0.10, 0.06, 0.05), max(brow, mouth));
            glow = face * 0.35;
            float l = dot(v_color.rgb, vec3(0.3, 0.59, 0.11));
            vec3 ink = l > 0.45 ? vec3(0.12, 0.08, 0.05) : vec3(0.96, 0.90, 0.76);
            float em = emblem(vec2(v_local.x, v_local.z - 0.40), v_params.x);
            albedo = mix(albedo, ink, em);
        }
    } else if (v_tag > 5.5) {
        albedo = vec3(0.98, 0.95, 0.84);    // facing mark: pale core (lit by itself below)
    } else if (v_tag > 4.5) {
        albedo = mix(v_color.rgb, vec3(0.0), 0.72);  // facing mark: dark rim, a hint of the seat
    } else if (v_tag < 1.5) {
        albedo *= 0.85;                     // nose
    } else if (v_tag > 3.5) {
        albedo *= 0.9 + 0.1 * sin(v_local.y * 90.0);   // rifle stock
    } else if (v_tag > 2.5) {
        albedo = kind < 0.5 && v_color.r > 0.3 ? vec3(0.62, 0.64, 0.66) : albedo;  // steel parts
        gloss = 0.6;                        // mask: rubber and glass; gun metal
    }
    if (v_params.y > 0.5) {                 // dead: greyed
        float l = dot(albedo, vec3(0.3, 0.59, 0.11));
        albedo = mix(albedo, vec3(l), 0.5) * 0.75;
    }
    vec3 n = normalize(v_nrm);
    float ao = mix(0.55, 1.0, smoothstep(-0.1, 0.6, v_wpos.z));
    vec3 col = shade(albedo, n, v_wpos, v_lpos, ao, gloss);
    if (v_tag > 5.5) {
        glow = 0.82;                        // the facing mark's core: readable by night, in an eclipse, in shade
    }
    col = max(col, albedo * glow);
    f_color = vec4(col, 1.0);  // no fog: figures stand where fog_factor is 0
}
#endif
