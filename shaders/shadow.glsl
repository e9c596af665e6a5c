// Shadow map pass: depth only, from the light, for every instanced solid mesh.
#if defined VERTEX_SHADER
in vec3 in_pos;
in mat4 i_model;
uniform mat4 u_light_vp;
void main() {
    gl_Position = u_light_vp * (i_model * vec4(in_pos, 1.0));
}
#elif defined FRAGMENT_SHADER
void main() {
}
#endif
